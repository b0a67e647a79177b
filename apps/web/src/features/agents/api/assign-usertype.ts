import { agentMembership, type UsertypeMembershipBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const assignUsertype = (body: UsertypeMembershipBody) =>
  apiRequest('admin/assign-usertype', agentMembership, { method: 'POST', body });
