/**
 * Every query of one customer's profile starts with this key, so an action anywhere on the
 * profile refreshes the whole view with one `invalidateQueries({ queryKey: profileKey(id) })`.
 */
export const profileKey = (userId: string) => ['user-profile', userId] as const;
