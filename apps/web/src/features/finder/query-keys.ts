export const finderKeys = {
  byEmail: (email: string) => ['finder', email] as const,
  notes: (search: string) => ['finder', 'notes', search] as const,
};
