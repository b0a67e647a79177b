import type { ExtrasContext } from './context';

/** Demo batches with their plans, reward records, user types and their members, derived from the customer rows already loaded. */
export async function seedSavingsPlansExtras(_ctx: ExtrasContext): Promise<void> {}
