/** The signed-in staff member's own profile and passkeys. */
export const adminProfileKeys = {
  profile: ['admin', 'profile'] as const,
  passkeys: ['admin', 'passkeys'] as const,
};
