import type { ExtrasContext } from './context';

/** Demo bank accounts and customer roles, derived from the customer rows already loaded. */
export async function seedUserProfileExtras(_ctx: ExtrasContext): Promise<void> {}
