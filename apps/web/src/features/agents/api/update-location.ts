import { agentKycResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const updateLocation = (userid: string, storeState: string) =>
  apiRequest('admin/update-location', agentKycResult, { method: 'POST', query: { userid }, body: { storeState } });
