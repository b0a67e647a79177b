import type { ExtrasContext } from './context';
import { seedAgentsExtras } from './agents';
import { rebuildSavingsGroupTotals, seedFeeRecords, seedGasRecords } from './reports';
import { seedKycExtras } from './kyc';
import { seedQueuesExtras } from './queues';
import { seedSavingsPlansExtras } from './savings-plans';
import { seedTeamExtras } from './team';
import { seedTreasuryExtras } from './treasury';
import { seedUserProfileExtras } from './user-profile';
import { seedListAnchors, seedSearchSuffixes } from './users';

/**
 * One area's rows, and the tables it fills (empty before it); `alsoWrites`: tables with rows it
 * adds to, vacuumed again once it is committed.
 */
export type ExtrasStep = {
  name: string;
  tables: readonly string[];
  alsoWrites?: readonly string[];
  run: (ctx: ExtrasContext) => Promise<void>;
};

/**
 * The areas whose rows are derived from the customer rows and the other areas' rows only, and
 * that nothing else reads: after the rest is committed they may run side by side, each in its
 * own transaction (generate.ts). The search suffixes first: the longest.
 */
export const INDEPENDENT_EXTRAS: readonly ExtrasStep[] = [
  { name: 'search suffixes', tables: [], run: seedSearchSuffixes },
  // The fee records read the load's wallet transactions only; the gas records read the batches,
  // which the queues add to (generate.ts runs them right after the queues, in their task).
  { name: 'fee records', tables: ['fee_records'], run: seedFeeRecords },
  { name: 'gas records', tables: ['gas_records'], run: seedGasRecords },
  { name: 'grouped totals', tables: ['savings_group_totals'], run: rebuildSavingsGroupTotals },
  { name: 'list anchors', tables: [], run: seedListAnchors },
];

/**
 * Areas that nothing in the load's transaction reads and that update no row written before them
 * (only inserts): on the split path they run after the first commit, each in its own transaction,
 * with the tables listed here emptied again there when the load emptied them (generate.ts). The
 * queues' batches are read by the gas records, so the generator runs those right after
 * the queues (and their top-up), in the same task.
 */
export const LATE_EXTRAS = {
  queues: {
    name: 'queues',
    tables: [
      'queue_items',
      'withdrawal_requests',
      'bridge_sell_requests',
      'liquidity_providers',
      'queue_counts',
      'queue_list_anchors',
      'queue_list_deltas',
    ],
    alsoWrites: ['process_lists', 'batches'],
    run: seedQueuesExtras,
  },
  team: {
    name: 'team, newsletter',
    tables: ['newsletter_subscribers', 'newsletters', 'newsletter_deliveries', 'greetings', 'bot_runs'],
    alsoWrites: ['process_settings_versions'],
    run: seedTeamExtras,
  },
} satisfies Record<string, ExtrasStep>;

/**
 * The rows of the areas beyond the customer core, in the load's own transaction; with
 * `independent: false`, without INDEPENDENT_EXTRAS, with `late: false` without LATE_EXTRAS (the
 * caller runs them). Returns the seconds of
 * each area, for the generator's phases line.
 */
export async function seedExtras(
  ctx: ExtrasContext,
  opts: { independent?: boolean; late?: boolean } = {},
): Promise<[string, number][]> {
  const took: [string, number][] = [];
  const run = async (name: string, step: (ctx: ExtrasContext) => Promise<void>) => {
    const t = performance.now();
    await step(ctx);
    took.push([name, (performance.now() - t) / 1000]);
  };
  await run('treasury', seedTreasuryExtras);
  await run('batches, rewards, user types', seedSavingsPlansExtras);
  // After the savings-plans extras: they write the first user types and their holders.
  await run('agents', seedAgentsExtras);
  await run('bank accounts, staff', seedUserProfileExtras);
  await run('KYC', seedKycExtras);
  if (opts.late !== false) await run(LATE_EXTRAS.queues.name, LATE_EXTRAS.queues.run);
  if (opts.late !== false) await run(LATE_EXTRAS.team.name, LATE_EXTRAS.team.run);
  // Last: the reports, summaries and anchors are built from every row written before them.
  if (opts.independent !== false) for (const step of INDEPENDENT_EXTRAS.slice(1)) await run(step.name, step.run);
  if (opts.independent !== false) await run(INDEPENDENT_EXTRAS[0]!.name, INDEPENDENT_EXTRAS[0]!.run);
  return took;
}
