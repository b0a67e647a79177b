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

/** The rows of the areas beyond the customer core, in the load's own transaction. */
export async function seedExtras(ctx: ExtrasContext) {
  await seedTreasuryExtras(ctx);
  await seedSavingsPlansExtras(ctx);
  // After the savings-plans extras: they write the first user types and their holders.
  await seedAgentsExtras(ctx);
  await seedUserProfileExtras(ctx);
  await seedKycExtras(ctx);
  await seedQueuesExtras(ctx);
  await seedTeamExtras(ctx);
  await seedReportsExtras(ctx);
  // Last: the summaries and anchors are built from every row the load wrote.
  await rebuildSavingsGroupTotals(ctx);
  await seedUsersExtras(ctx);
}
