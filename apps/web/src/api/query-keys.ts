/**
 * The query keys more than one feature (or a shared piece) reads, in one place. Each feature keeps
 * its own keys in its `query-keys.ts`; a literal `queryKey: [...]` anywhere else fails the lint.
 * Nothing heavy is imported here: the sign-in page seeds the cache with `meKey` and must stay light
 * (apps/web/route-budgets.ts).
 */

/** GET admin/me: the signed-in staff member, seeded by the sign-in page. */
export const meKey = ['admin', 'me'] as const;

/** The approval requests: the menu, the dashboard and the approvals screen all show them. */
export const approvalsKeys = {
  all: ['approvals'] as const,
  count: () => ['approvals', 'count'] as const,
  list: (status: string, page: number) => ['approvals', 'list', status, page] as const,
};

/** The chain the Advanced pages sign on. */
export const chainConfigKey = ['chain-config'] as const;

/** CSV exports: the export button follows one, the exports screen lists them. */
export const exportsKeys = {
  one: (exportId: string | undefined) => ['exports', 'one', exportId] as const,
  list: (query: unknown) => ['exports', 'list', query] as const,
};

/** A decrypted picture from the encrypted file store. */
export const encryptedFileKey = (
  gateway: string,
  cid: string | null | undefined,
  encryptKey: string | null | undefined,
) => ['encrypted-file', gateway, cid, encryptKey] as const;

/** One queue's reads: the queues screens and, for withdraw-out's own queue, the withdraw-out screen. */
export const queueKey = (queue: string) => ['queues', queue] as const;
