import type { ExtrasContext } from './context';
import { seedAgentsExtras } from './agents';
import { rebuildSavingsGroupTotals, seedReportsExtras } from './reports';
import { seedKycExtras } from './kyc';
import { seedQueuesExtras } from './queues';
import { seedSavingsPlansExtras } from './savings-plans';
import { seedTeamExtras } from './team';
import { seedTreasuryExtras } from './treasury';
import { seedUserProfileExtras } from './user-profile';
import { seedUsersExtras } from './users';

/**
 * The rows of the areas beyond the customer core, in the load's own transaction. Returns the
 * seconds of each area, for the generator's phases line.
 */
export async function seedExtras(ctx: ExtrasContext): Promise<[string, number][]> {
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
  await run('queues', seedQueuesExtras);
  await run('team, newsletter', seedTeamExtras);
  await run('fee and gas records', seedReportsExtras);
  // Last: the summaries and anchors are built from every row the load wrote.
  await run('grouped totals', rebuildSavingsGroupTotals);
  await run('anchors, search suffixes', seedUsersExtras);
  return took;
}
