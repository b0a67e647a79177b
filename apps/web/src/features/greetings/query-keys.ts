export const greetingsKeys = {
  all: ['greetings'] as const,
  page: (page: number) => ['greetings', page] as const,
};
