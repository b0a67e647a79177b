import { CURRENCIES } from '@vaultdesk/contract';
import {
  LEDGER_KINDS,
  LedgerItems,
  simulateChunk,
  type ChunkRows,
  type PlanRow,
  type WalletRow,
  SAVINGS_TX_COPY,
  WALLET_TX_COPY,
} from './activity';
import { fmtMicro } from './money';
import { makePerson, type PeopleContext, type Person, type ReferralRow, type UserRow } from './people';
import { createNameMaker } from './places';
import { createRng } from './random';
import { BinaryRowWriter, CopyWriter, type CopyStatement, type TableSpec } from './sql';
import { SuffixWriter, type LowerMap } from './suffixes';
import { createTimeline, isoTime } from './timeline';

export type DemoCounts = {
  users: number;
  wallets: number;
  plans: number;
  walletTransactions: number;
  savingsTransactions: number;
  referrals: number;
  ledgerEntries: number;
};

/** Users per chunk: a constant, so the rows depend only on seed, users and now. */
export const CHUNK = 1000;

export type Pace = () => Promise<void> | undefined;
export type ChunkResult = { statements: CopyStatement[]; counts: DemoCounts };

type BalanceRow = { wallet_id: string; currency: string; balance: string; updated_at: string };

const USERS: TableSpec<UserRow> = {
  table: 'users',
  columns: [
    'id',
    'full_name',
    'username',
    'email',
    'phone_no',
    'residence_country',
    'ip_country',
    'zone_country',
    'profile_url',
    'has_completed_profile',
    'deactivated',
    'enabled_two_factor',
    'is_staff',
    'kyc_level_two_status',
    'kyc_level_three_status',
    'trust_score',
    'referral_code',
    'referee_id',
    'registration_device_details',
    'registration_coordinates',
    'last_login_at',
    'last_login_location',
    'created_at',
    'updated_at',
  ],
};
const REFERRALS: TableSpec<ReferralRow> = {
  table: 'referrals',
  columns: [
    'id',
    'referrer_id',
    'referred_user_id',
    'referral_state',
    'device_serial_number',
    'reward_amount',
    'created_at',
  ],
};
const WALLETS: TableSpec<WalletRow> = {
  table: 'wallets',
  columns: ['id', 'user_id', 'name', 'address', 'network', 'is_active', 'created_at'],
};
const PLANS: TableSpec<PlanRow> = {
  table: 'savings_plans',
  columns: [
    'id',
    'user_id',
    'plan_type',
    'plan_name',
    'protocol_name',
    'currency',
    'deposit_amount',
    'share_balance',
    'lock_period',
    'deposit_time',
    'withdrawal_time',
    'withdrawal_amount',
    'deposit_transaction_hash',
    'withdrawal_transaction_hash',
    'plan_state',
    'save_status',
    'locked',
    'locked_amount',
    'locked_comment',
    'locked_at',
    'created_at',
    'updated_at',
  ],
};
/**
 * The ledger, the largest table (about 11 rows a user), in COPY's binary format (sql.ts
 * BinaryRowWriter): the same values as the text form (amounts as fmtMicro writes them, times to
 * the millisecond as toISOString writes them), without formatting them here or parsing them there.
 */
const LEDGER_COPY =
  'COPY ledger_entries (wallet_id, currency, amount, balance_after, kind, reference_type, reference_id, created_at) FROM STDIN';
const BALANCES: TableSpec<BalanceRow> = {
  table: 'wallet_balances',
  columns: ['wallet_id', 'currency', 'balance', 'updated_at'],
};

export async function buildChunk(
  ctx: PeopleContext,
  from: number,
  to: number,
  nowMs: number,
  mode: 'direct' | 'trigger',
  pace: Pace,
  lower: LowerMap | null = null,
): Promise<ChunkResult> {
  const users = new CopyWriter(USERS);
  const referrals = new CopyWriter(REFERRALS);
  const suffixes = lower ? new SuffixWriter(lower) : null;
  const persons: Person[] = [];
  for (let i = from; i < to; i++) {
    const { person, row, referral } = makePerson(ctx, i);
    persons.push(person);
    users.add(row);
    suffixes?.addUser([row.full_name, row.username, row.email, row.phone_no], row.created_at, row.id);
    if (referral) referrals.add(referral);
    await pace();
  }
  const rows: ChunkRows = {
    wallets: new CopyWriter(WALLETS),
    walletTxs: new BinaryRowWriter(WALLET_TX_COPY),
    plans: new CopyWriter(PLANS),
    savingsTxs: new BinaryRowWriter(SAVINGS_TX_COPY),
    ledger: new LedgerItems(),
  };
  const steps = simulateChunk({ rng: ctx.rng, nowMs, out: rows }, persons);
  for (let step = steps.next(); !step.done; step = steps.next()) await pace();

  // Chronological per wallet; all of a wallet's rows are in its own chunk, so a running sum here
  // is the wallet's balance after each row, exactly what the ledger trigger would compute.
  // Items in time order, those of the same instant in generation order (their numbers).
  const items = rows.ledger;
  const n = items.count;
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  const at = items.ms;
  order.sort((a, b) => at[a]! - at[b]! || a - b);
  // Per wallet and currency: balance and time of the last row (NaN: no row yet); the wallets in
  // the order of their first row (the balances' row order).
  const wallets = items.wallets;
  const micro = new Float64Array(wallets.length * 4).fill(NaN);
  const lastMs = new Float64Array(wallets.length * 4);
  const seen: number[] = [];
  const ledger = new BinaryRowWriter(LEDGER_COPY);
  const { wallet: walletOf, currency: currencyOf, micro: microOf, kind: kindOf, ms: msOf, ref } = items;
  for (let i = 0; i < n; i++) {
    const k = order[i]!;
    const w = walletOf[k]!;
    const cur = currencyOf[k]!;
    const slot = 4 * w + cur;
    if (
      Number.isNaN(micro[4 * w]!) &&
      Number.isNaN(micro[4 * w + 1]!) &&
      Number.isNaN(micro[4 * w + 2]!) &&
      Number.isNaN(micro[4 * w + 3]!)
    )
      seen.push(w);
    const amount = microOf[k]!;
    const balance = (Number.isNaN(micro[slot]!) ? 0 : micro[slot]!) + amount;
    if (balance < 0) throw new Error(`demo data: wallet ${wallets[w]!.id} would go negative`);
    micro[slot] = balance;
    const ms = msOf[k]!;
    lastMs[slot] = ms;
    ledger.row(8);
    ledger.uuidBytes(wallets[w]!.idUuid);
    ledger.string(CURRENCIES[cur]!);
    ledger.numericMicro(amount);
    ledger.numericMicro(balance);
    ledger.string(LEDGER_KINDS[kindOf[k]!]!);
    ledger.string('wallet_transaction');
    ledger.uuidWordsText(ref[4 * k]!, ref[4 * k + 1]!, ref[4 * k + 2]!, ref[4 * k + 3]!);
    ledger.timestampMs(Math.trunc(ms));
    if ((i & 1023) === 1023) await pace();
  }
  const balances = new CopyWriter(BALANCES);
  for (const w of seen) {
    for (let c = 0; c < CURRENCIES.length; c++) {
      const slot = 4 * w + c;
      if (Number.isNaN(micro[slot]!)) continue;
      balances.add({
        wallet_id: wallets[w]!.id,
        currency: CURRENCIES[c]!,
        balance: fmtMicro(micro[slot]!),
        updated_at: isoTime(lastMs[slot]!),
      });
    }
  }
  // Parents before children: in trigger mode the foreign keys are checked row by row.
  const writers = [
    users,
    referrals,
    rows.wallets,
    rows.plans,
    rows.walletTxs,
    rows.savingsTxs,
    ledger,
    ...(mode === 'direct' ? [balances] : []),
  ];
  const statements = writers.map((w) => w.statement());
  // The search suffixes of the chunk's users (suffixes.ts), when the caller writes them.
  if (suffixes)
    statements.push({
      text: 'COPY user_search_suffixes (suffix, created_at, user_id) FROM STDIN',
      data: suffixes.data(),
      binary: true,
    });
  return {
    statements,
    counts: {
      users: users.count,
      wallets: rows.wallets.count,
      plans: rows.plans.count,
      walletTransactions: rows.walletTxs.count,
      savingsTransactions: rows.savingsTxs.count,
      referrals: referrals.count,
      ledgerEntries: ledger.count,
    },
  };
}

/**
 * The rows of chunk c (users c * CHUNK up to the total): built from (seed, total, now, c) alone.
 * The random stream is reseeded per chunk and faker's instances draw from it, so a chunk never
 * depends on which chunks were built before it in this process: the main thread and the worker
 * threads (chunk-worker.ts) build byte-identical chunks. With `lower` (the server's lower case,
 * suffixes.ts), each chunk also carries its users' search suffix rows.
 */
export function createChunkMaker(seed: number, total: number, nowMs: number, lower: LowerMap | null = null) {
  const rng = createRng(seed);
  const { names, fakers } = createNameMaker(rng);
  const people: PeopleContext = {
    seed,
    timeline: createTimeline(total, nowMs),
    rng,
    names,
    suffixDigits: Math.max(3, String(total - 1).length),
  };
  return (c: number, mode: 'direct' | 'trigger', pace: Pace): Promise<ChunkResult> => {
    fakers[0]!.seed([seed, c]);
    return buildChunk(people, c * CHUNK, Math.min(total, (c + 1) * CHUNK), nowMs, mode, pace, lower);
  };
}
