import type { ExtrasContext } from './context';

/**
 * The load writes users and balances with triggers off, so the rank anchors of the user lists
 * and the wallet balance search (migration 0004) and the user search's suffix index (migration
 * 0005) are built once here, from the loaded rows.
 */
export async function seedUsersExtras(ctx: ExtrasContext): Promise<void> {
  await seedListAnchors(ctx);
  await seedSearchSuffixes(ctx);
}

/** The rank anchors of the user lists and of the wallet balance search. */
export async function seedListAnchors({ client, log }: ExtrasContext): Promise<void> {
  const started = performance.now();
  const users = await client.query<{ n: string }>('SELECT user_list_anchors_rebuild() AS n');
  const balances = await client.query<{ n: string }>('SELECT balance_anchors_rebuild() AS n');
  log(
    `demo data: ${users.rows[0]!.n} user list anchors, ${balances.rows[0]!.n} balance anchors in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The user search's suffix index (the rebuild empties the table and builds its index afterwards). */
export async function seedSearchSuffixes({ client, log }: ExtrasContext): Promise<void> {
  const started = performance.now();
  const suffixes = await client.query<{ n: string }>('SELECT user_search_suffixes_rebuild() AS n');
  log(`demo data: ${suffixes.rows[0]!.n} search suffixes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
