import { queueKey } from '../../api/query-keys';

/** Every withdraw-out read starts with `all`; its queue counts live under the shared queue key. */
export const withdrawOutKeys = {
  all: ['withdrawout'] as const,
  counts: ['withdrawout', 'counts'] as const,
  list: (status: number, page: number) => ['withdrawout', 'list', status, page] as const,
  queue: queueKey('withdrawout'),
};
