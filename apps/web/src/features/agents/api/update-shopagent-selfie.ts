import { agentKycResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const updateShopagentSelfie = (id: string, selfie: Blob) => {
  const form = new FormData();
  form.append('imageUrl', selfie, 'selfie.jpg');
  return apiRequest('admin/update-shopagent-selfie', agentKycResult, { method: 'PUT', query: { id }, body: form });
};
