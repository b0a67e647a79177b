import { processList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

/** Records on the server the hash the wallet returned for a list's batch, before the wait and the save. */
export const recordSentBatch = (processListId: string, transactionHash: string) =>
  apiRequest('advanced/record-sent-batch', processList, { method: 'POST', body: { processListId, transactionHash } });

/** Releases a recorded sent hash whose transaction reverted on chain (the server checks): the batch may be sent again. */
export const releaseSentBatch = (processListId: string) =>
  apiRequest('advanced/release-sent-batch', processList, { method: 'POST', body: { processListId } });
