import { agentKycResult, type AgentIdType } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const updateAgentIdcard = (userid: string, card: Blob, idcardType: AgentIdType) => {
  const form = new FormData();
  form.append('idcardType', idcardType);
  form.append('cardUrl', card, card instanceof File ? card.name : 'idcard.jpg');
  return apiRequest('admin/update-agent-idcard', agentKycResult, { method: 'PUT', query: { userid }, body: form });
};
