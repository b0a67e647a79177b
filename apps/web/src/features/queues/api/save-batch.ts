import { savedBatch, type SaveBatchBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const saveBatch = (body: SaveBatchBody) =>
  apiRequest('advanced/save-batch', savedBatch, { method: 'POST', body });
