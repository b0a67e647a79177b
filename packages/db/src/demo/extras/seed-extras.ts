import type { ExtrasContext } from './context';
import { seedQueuesExtras } from './queues';
import { seedSavingsPlansExtras } from './savings-plans';
import { seedTreasuryExtras } from './treasury';
import { seedUserProfileExtras } from './user-profile';
import { seedUsersExtras } from './users';

/** The rows of the areas beyond the customer core, in the load's own transaction. */
export async function seedExtras(ctx: ExtrasContext) {
  await seedTreasuryExtras(ctx);
  await seedSavingsPlansExtras(ctx);
  await seedUserProfileExtras(ctx);
  await seedQueuesExtras(ctx);
  // Last: the anchors are built from every row the load wrote.
  await seedUsersExtras(ctx);
}
