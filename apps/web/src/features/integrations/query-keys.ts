/** Every Integrations read starts with `all`. */
export const integrationsKeys = {
  all: ['admin', 'integrations'] as const,
  clients: (page: number) => ['admin', 'integrations', 'clients', page] as const,
};
