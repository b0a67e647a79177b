/** Dashboard panels for Super Admin and Compliance: custodial wallets, overall balances, plan totals, share prices, trends. */
import { z } from 'zod';
import { CURRENCIES } from './constants';

/** Money as the API sends it: a decimal string, never a float. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number');

export const overallPlans = z.object({
  total_active_fixed_plan: z.number().int(),
  total_active_fixed_plan_to_usd: decimal,
  total_all_fixed_plan: z.number().int(),
  total_active_flexible_plan: z.number().int(),
  total_active_flexible_plan_to_usd: decimal,
  total_all_flexible_plan: z.number().int(),
});
export type OverallPlans = z.infer<typeof overallPlans>;

/** `{product}` and BUSD held by one unsettled custodial wallet. */
const unsettledPair = z.object({ vlt: decimal, busd: decimal });

export const overallWalletBalances = z.object({
  /** Customers' wallet balances summed per currency; every currency present, zero included. */
  walletBalances: z.array(z.object({ currency: z.enum(CURRENCIES), totalBalance: decimal })),
  unsettledBalance: z.object({ bulkSender: unsettledPair, withdrawalOut: unsettledPair }),
  /** Customers' balances plus the unsettled balances, priced with the stored token prices. */
  totalUsdValue: decimal,
});
export type OverallWalletBalances = z.infer<typeof overallWalletBalances>;

export const CUSTODIAL_PURPOSES = ['treasury', 'bulkSender', 'withdrawalOut', 'referralPayout'] as const;
export type CustodialPurpose = (typeof CUSTODIAL_PURPOSES)[number];

/** Where a custodial balance comes from: read on chain just now, or the newest stored snapshot. */
export const BALANCE_SOURCES = ['chain', 'snapshot'] as const;

export const custodialWallet = z.object({
  address: z.string(),
  label: z.string(),
  purpose: z.enum(CUSTODIAL_PURPOSES),
  /** null: never read for this currency. */
  BNB: decimal.nullable(),
  BUSD: decimal.nullable(),
  VLT: decimal.nullable(),
  xBUSD: decimal.nullable(),
  source: z.enum(BALANCE_SOURCES),
  /** When the balances were read (ISO time); null when the wallet was never read. */
  readAt: z.string().nullable(),
});
export type CustodialWallet = z.infer<typeof custodialWallet>;

export const custodialAddresses = z.object({ result: z.array(custodialWallet) });
export type CustodialAddresses = z.infer<typeof custodialAddresses>;

export const SHARE_PRICE_PROTOCOLS = ['xAuto', 'venus'] as const;
/** How many share prices one call answers (newest first). */
export const SHARE_PRICE_LIMIT = 30;

export const sharePricesQuery = z.object({ protocol: z.enum(SHARE_PRICE_PROTOCOLS) });
export const sharePrices = z.array(z.object({ price: decimal, createdAt: z.string() }));
export type SharePrices = z.infer<typeof sharePrices>;

/** Days in the dashboard trend charts (UTC days, today included). */
export const TREND_DAYS = 30;

export const dashboardTrends = z.array(
  z.object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    signups: z.number().int(),
    /** Savings deposits and withdrawals of the day, in USD at the stored token prices. */
    savingsVolume: decimal,
  }),
);
export type DashboardTrends = z.infer<typeof dashboardTrends>;
