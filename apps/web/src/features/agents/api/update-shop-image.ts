import { agentKycResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const updateShopImage = (userid: string, shop: Blob) => {
  const form = new FormData();
  form.append('shopUrl', shop, shop instanceof File ? shop.name : 'shop.jpg');
  return apiRequest('admin/update-shopImage', agentKycResult, { method: 'PUT', query: { userid }, body: form });
};
