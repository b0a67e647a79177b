/** Every query of the User Type screen starts with this key, so a change refreshes them all. */
export const AGENTS_KEY = 'agents';
export const agentsKeys = {
  userTypes: () => [AGENTS_KEY, 'user-types'] as const,
  byUserType: (userType: string, page: number) => [AGENTS_KEY, 'by-user-type', userType, page] as const,
  search: (text: string) => [AGENTS_KEY, 'search', text] as const,
};
