/** Every newsletter read starts with `all`, so a change refreshes the list, the config and the counts. */
export const newslettersKeys = {
  all: ['newsletters'] as const,
  list: (page: number) => ['newsletters', 'list', page] as const,
  config: ['newsletters', 'config'] as const,
  maillist: ['newsletters', 'maillist'] as const,
  subscribers: ['newsletters', 'subscribers'] as const,
};
