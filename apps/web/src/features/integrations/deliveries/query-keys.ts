/** Every read of a service client's webhook deliveries starts with `all`. */
export const deliveriesKeys = {
  all: ['admin', 'integrations', 'deliveries'] as const,
  page: (clientId: string, status: string, page: number) =>
    ['admin', 'integrations', 'deliveries', clientId, status, page] as const,
};
