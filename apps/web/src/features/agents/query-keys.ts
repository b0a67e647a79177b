/** Every query of the User Type screen starts with `all`, so a change refreshes them all. */
export const agentsKeys = {
  all: ['agents'] as const,
  userTypes: () => ['agents', 'user-types'] as const,
  byUserType: (userType: string, page: number) => ['agents', 'by-user-type', userType, page] as const,
  search: (text: string) => ['agents', 'search', text] as const,
};
