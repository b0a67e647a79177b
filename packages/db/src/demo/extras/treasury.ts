import type { ExtrasContext } from './context';

/** Demo custodial wallets, their balance snapshots, token prices and share prices, derived from the customer rows already loaded. */
export async function seedTreasuryExtras(_ctx: ExtrasContext): Promise<void> {}
