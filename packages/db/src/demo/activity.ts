import { CURRENCIES } from '@vaultdesk/contract';
import { display, floorTo, fmtMicro, MICRO, toMicro } from './money';
import type { Person } from './people';
import { uuidBytes, type BinaryRowWriter, type CopyWriter } from './sql';
import { weighted, type Rng } from './random';
import { DAY, HOUR, isoTime, MINUTE, YEAR } from './timeline';

type Cur = 0 | 1 | 2 | 3;
const BUSD: Cur = 0;
const VLT: Cur = 1;
const BNB: Cur = 2;
const XBUSD: Cur = 3;

/** Vault contracts the savings deposits go to, by protocol (fixed demo addresses). */
const VAULTS: Record<string, string> = {
  xAuto: '0x3f1b6b4e2d0a6e1c1f9e1b4f52d6c2b8a7e4d0c9',
  venus: '0x95c78222b3d6e262426483d42cfa53685a67ab9d',
};
/** The DEX router swaps go through. */
const SWAP_ROUTER = '0x10ed43c718714eb63d5aa57b78b54704e256024e';
/** Exchange hot wallets that many deposits come from and withdrawals go to. */
const EXCHANGES = [
  '0x8894e0a0c962cb723c1976a4421c95949be2d4e3',
  '0xe2fc31f816a9b94326492132018c3aecc4a93ae1',
  '0x161ba15a5f335c9f06bb5bbb0a9ce14076fbb645',
  '0x0d0707963952f2fba59dd06f2b425ace40b492fe',
];

export type WalletRow = {
  id: string;
  user_id: string;
  name: string;
  address: string;
  network: number;
  is_active: boolean;
  created_at: string;
};
/**
 * wallet_transactions and savings_transactions are written in COPY's binary format (sql.ts
 * BinaryRowWriter), field by field as they are simulated: amounts in whole micro-units and times
 * in whole milliseconds, the same values their text form (fmtMicro, toISOString) gave.
 */
export const WALLET_TX_COPY =
  'COPY wallet_transactions (id, user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, txn_hash, to_address, from_address, is_active, created_at) FROM STDIN';
export const SAVINGS_TX_COPY =
  'COPY savings_transactions (id, user_id, plan_id, amount, currency, network, txn_hash, transaction_state, description, is_active, created_at) FROM STDIN';
export type PlanRow = {
  id: string;
  user_id: string;
  plan_type: string;
  plan_name: string;
  protocol_name: string;
  currency: string;
  deposit_amount: string;
  share_balance: string;
  lock_period: string | null;
  deposit_time: string;
  withdrawal_time: string | null;
  withdrawal_amount: string | null;
  deposit_transaction_hash: string;
  withdrawal_transaction_hash: string;
  plan_state: string;
  save_status: string;
  locked: boolean;
  locked_amount: string | null;
  locked_comment: string | null;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
};
/** The ledger's kinds, by index (LedgerItems.kind). */
export const LEDGER_KINDS = ['funding', 'withdrawal', 'transfer', 'swap', 'savings'] as const;
const FUNDING_KIND = 0;

/**
 * A chunk's ledger rows before insertion, column by column in typed arrays (no object per row):
 * item k's wallet (an index into `wallets`), currency, signed amount in micro-units, kind (an
 * index into LEDGER_KINDS), time, and the four random words of its wallet transaction's id
 * (uuidFromWords: the row's reference_id). Every row references a wallet transaction. Items are
 * numbered in generation order, which orders rows of the same instant.
 */
export class LedgerItems {
  count = 0;
  /** The chunk's wallets, by the index items name them with. */
  readonly wallets: { id: string; idUuid: Uint8Array }[] = [];
  wallet = new Int32Array(1 << 14);
  currency = new Uint8Array(1 << 14);
  kind = new Uint8Array(1 << 14);
  micro = new Float64Array(1 << 14);
  ms = new Float64Array(1 << 14);
  ref = new Int32Array(4 << 14);

  push(
    wallet: number,
    currency: Cur,
    micro: number,
    kind: number,
    ms: number,
    a: number,
    b: number,
    c: number,
    d: number,
  ) {
    const k = this.count;
    if (k === this.wallet.length) this.grow();
    this.wallet[k] = wallet;
    this.currency[k] = currency;
    this.kind[k] = kind;
    this.micro[k] = micro;
    this.ms[k] = ms;
    const r = this.ref;
    r[4 * k] = a;
    r[4 * k + 1] = b;
    r[4 * k + 2] = c;
    r[4 * k + 3] = d;
    this.count = k + 1;
    return k;
  }

  private grow() {
    const n = this.wallet.length * 2;
    this.wallet = widen(this.wallet, new Int32Array(n));
    this.currency = widen(this.currency, new Uint8Array(n));
    this.kind = widen(this.kind, new Uint8Array(n));
    this.micro = widen(this.micro, new Float64Array(n));
    this.ms = widen(this.ms, new Float64Array(n));
    this.ref = widen(this.ref, new Int32Array(4 * n));
  }
}

/** `to` (a larger array of the same kind) holding `from`'s values first. */
function widen<T extends { set(values: ArrayLike<number>): void }>(from: ArrayLike<number>, to: T): T {
  to.set(from);
  return to;
}

/** Where a chunk's rows go: straight into COPY buffers, except the ledger, which is sorted first. */
export type ChunkRows = {
  wallets: CopyWriter<WalletRow>;
  walletTxs: BinaryRowWriter;
  plans: CopyWriter<PlanRow>;
  savingsTxs: BinaryRowWriter;
  ledger: LedgerItems;
};

type Wallet = {
  /** Index in the chunk's ledger wallets (LedgerItems.wallets). */
  index: number;
  id: string;
  userId: string;
  /** id and userId as binary COPY writes a uuid, converted once for all the wallet's rows. */
  idUuid: Uint8Array;
  userUuid: Uint8Array;
  username: string;
  address: string;
  createdMs: number;
  bal: [number, number, number, number];
  /** This wallet will see one deposit credited twice (see fund). */
  doubleCredit: boolean;
};

type Deposit = { ms: number; micro: number; hash: string | null };
type Plan = {
  id: string;
  type: 'fixed' | 'flexible';
  name: string;
  protocol: string;
  currency: Cur;
  apy: number;
  lockEndMs: number | null;
  createdMs: number;
  deposits: Deposit[];
  pending: boolean;
  withdrawAtMs: number | null;
  withdrawn: boolean;
  withdrawalMicro: number;
  withdrawalHash: string | null;
  updatedMs: number;
};

const PLAN_NAMES = [
  'Rent',
  'School fees',
  'Emergency fund',
  'Japa fund',
  'Christmas savings',
  'New phone',
  'Business capital',
  'Wedding',
  'Car',
  'Vacation',
  'Land',
  'House project',
  'Detty December',
  'Laptop',
  'Birthday',
  'Baby things',
  'Hajj',
  'Sallah',
  'Masters abroad',
  'Rainy day',
];
const LOCKS = [
  [30, 15],
  [60, 15],
  [90, 25],
  [180, 25],
  [365, 20],
] as const;
const FIXED_APY: Record<number, number> = { 30: 0.06, 60: 0.07, 90: 0.09, 180: 0.11, 365: 0.14 };
const FUND_CURRENCY = [
  [BUSD, 62],
  [VLT, 25],
  [BNB, 10],
  [XBUSD, 3],
] as const;
const WITHDRAW_WEIGHT = [6, 3, 1, 1];
/** Smallest balance worth withdrawing, and the withdrawal fee, per currency (micro-units). */
const WITHDRAW_MIN = [5 * MICRO, 100 * MICRO, 10_000, 5 * MICRO];
const WITHDRAW_FEE = [1 * MICRO, 0, 500, 500_000];
const DECIMALS = [2, 2, 6, 4];
const EPOCH = Date.UTC(2021, 0, 1);

/** Vault price per share: grows with the yield since launch. */
const pricePerShare = (protocol: string, ms: number) =>
  1 + (protocol === 'venus' ? 0.05 : 0.07) * ((ms - EPOCH) / YEAR);

/** USD price of each currency at a time: smooth and deterministic (no price feed in demo data). */
function usdPrice(cur: Cur, ms: number): number {
  const years = (ms - EPOCH) / YEAR;
  switch (cur) {
    case BUSD:
      return 1;
    case VLT:
      return 0.045 * (1 + 0.35 * Math.sin(years * 2.1)) * (1 + 0.1 * years);
    case BNB:
      return 280 + 90 * years + 60 * Math.sin(ms / (45 * DAY));
    default:
      return pricePerShare('xAuto', ms);
  }
}

function fundingAmount(r: Rng, cur: Cur): number {
  const n = r.normal();
  switch (cur) {
    case BUSD:
      return toMicro(
        Math.min(25_000, Math.max(5, Math.exp(Math.log(60) + 1.1 * n))),
        r.chance(0.7) ? 0 : r.chance(0.67) ? 2 : 4,
      );
    case VLT:
      return toMicro(Math.min(2_000_000, Math.max(50, Math.exp(Math.log(2500) + 1.2 * n))), r.chance(0.8) ? 0 : 2);
    case BNB:
      return toMicro(Math.min(25, Math.max(0.005, Math.exp(Math.log(0.08) + 0.9 * n))), r.chance(0.7) ? 4 : 6);
    default:
      return toMicro(Math.min(10_000, Math.max(5, Math.exp(Math.log(40) + n))), 4);
  }
}

export type SimContext = {
  rng: Rng;
  nowMs: number;
  out: ChunkRows;
};

const hash = (r: Rng) => '0x' + r.hex(64);
const address = (r: Rng) => '0x' + r.hex(40);
const iso = isoTime;

/**
 * Wallets of one chunk of users and their whole history. Every balance change is a ledger row
 * referencing its wallet transaction (reference_type 'wallet_transaction'); plan deposits and
 * payouts also have a savings transaction on the plan. The simulation keeps each wallet's
 * running balance, so no debit ever exceeds what the wallet holds at that time.
 */
export function* simulateChunk(ctx: SimContext, people: readonly Person[]): Generator<void> {
  const r = ctx.rng;
  const primaries: Wallet[] = [];
  const seconds: Wallet[] = [];
  for (const p of people) {
    const w = newWallet(ctx, p, p.createdMs + r.int(0, 10) * MINUTE, 'Main Wallet');
    primaries.push(w);
    // A few users ended up with two wallets (the profile's "Resolve" wallet action).
    if (r.chance(0.015)) {
      const created = w.createdMs + Math.floor(r.float() * Math.min(30 * DAY, Math.max(0, ctx.nowMs - w.createdMs)));
      seconds.push(newWallet(ctx, p, created, 'Wallet 2'));
    }
  }
  for (let i = 0; i < people.length; i++) {
    simulateWallet(ctx, primaries[i]!, people[i]!.activity, primaries, true);
    // The caller may give the event loop a turn here (queued inserts keep flowing).
    yield;
  }
  for (const wallet of seconds) simulateWallet(ctx, wallet, r.int(0, 3), primaries, false);
}

function newWallet(ctx: SimContext, p: Person, createdMs: number, name: string): Wallet {
  const r = ctx.rng;
  const id = r.uuid();
  const wallets = ctx.out.ledger.wallets;
  const w: Wallet = {
    index: wallets.length,
    id,
    userId: p.id,
    idUuid: uuidBytes(id),
    userUuid: uuidBytes(p.id),
    username: p.username,
    address: address(r),
    createdMs: Math.min(createdMs, ctx.nowMs),
    bal: [0, 0, 0, 0],
    doubleCredit: r.chance(0.03),
  };
  wallets.push(w);
  ctx.out.wallets.add({
    id: w.id,
    user_id: w.userId,
    name,
    address: w.address,
    network: 56,
    is_active: true,
    created_at: iso(w.createdMs),
  });
  return w;
}

/** typeOfTransaction by state code: the schema's funding, withdraw, transfer, swap, save. */
const TYPE_BY_STATE = [
  'funding',
  'withdraw',
  'transfer',
  'transfer',
  'swap',
  'save',
  'save',
  'save',
  'save',
  'save',
] as const;
/** The ledger's kind (an index into LEDGER_KINDS) by state code. */
const LEDGER_KIND_BY_STATE = [0, 1, 2, 2, 3, 4, 4, 4, 4, 4] as const;

type Move = {
  state: number;
  cur: Cur;
  micro: number;
  credit: boolean;
  t: number;
  description: string;
  hash: string | null;
  from: string;
  to: string;
  fee?: number;
  final?: number;
};

/**
 * One wallet transaction and its ledger row (reference_type 'wallet_transaction'): every
 * transaction that moves a wallet's money has exactly one, signed (debits include the fee).
 * `track` false: a credit into another wallet, whose own history may already be simulated (or
 * not yet): it must not fund that wallet's earlier spending, so it stays out of the running
 * balance the simulation spends from. The real balance is only ever higher.
 */
function move(ctx: SimContext, w: Wallet, m: Move, track = true): number {
  // The id's words, drawn as rng.uuid() draws them (uuidFromWords(a, b, c, d)).
  const r = ctx.rng;
  const a = r.u32();
  const b = r.u32();
  const c = r.u32();
  const d = r.u32();
  const out = ctx.out.walletTxs;
  out.row(15);
  out.uuidWords(a, b, c, d);
  out.uuidBytes(w.userUuid);
  out.uuidBytes(w.idUuid);
  out.numericMicro(m.micro);
  out.numericMicro(m.final ?? m.micro - (m.fee ?? 0));
  out.numericMicro(m.fee ?? 0);
  out.string(CURRENCIES[m.cur]);
  out.int16(m.state);
  out.string(TYPE_BY_STATE[m.state]!);
  out.string(m.description);
  out.string(m.hash);
  out.string(m.to);
  out.string(m.from);
  out.bool(!ctx.rng.chance(0.01));
  out.timestampMs(Math.trunc(m.t));
  return ledger(ctx, w, m.cur, m.credit ? m.micro : -m.micro, LEDGER_KIND_BY_STATE[m.state]!, m.t, track, a, b, c, d);
}

/** A ledger row of wallet transaction uuidFromWords(a, b, c, d); returns the item's number. */
function ledger(
  ctx: SimContext,
  w: Wallet,
  cur: Cur,
  micro: number,
  kind: number,
  ms: number,
  track: boolean,
  a: number,
  b: number,
  c: number,
  d: number,
): number {
  if (track) {
    w.bal[cur] += micro;
    if (w.bal[cur] < 0) throw new Error(`demo simulation bug: negative ${CURRENCIES[cur]} balance on ${w.id}`);
  }
  return ctx.out.ledger.push(w.index, cur, micro, kind, ms, a, b, c, d);
}

function simulateWallet(ctx: SimContext, w: Wallet, events: number, peers: readonly Wallet[], full: boolean) {
  const r = ctx.rng;
  const span = ctx.nowMs - w.createdMs;
  if (events === 0 || span < 5 * MINUTE) return;
  // Some users stop using the product after a while.
  const activeUntil = w.createdMs + Math.floor(span * (r.chance(0.25) ? r.between(0.15, 0.7) : 1));
  const first = w.createdMs + 2 * MINUTE + Math.floor(r.float() * Math.min(3 * DAY, (activeUntil - w.createdMs) / 4));
  const times = [first];
  for (let k = 1; k < events; k++) times.push(first + Math.floor(r.float() * (activeUntil - first)));
  times.sort((a, b) => a - b);

  const plans: Plan[] = [];
  const settle = (upTo: number) => {
    for (const p of plans) if (!p.withdrawn && p.withdrawAtMs !== null && p.withdrawAtMs <= upTo) payOut(ctx, w, p);
  };
  for (let k = 0; k < times.length; k++) {
    const t = times[k]!;
    settle(t);
    const b = w.bal;
    const canWithdraw = b.some((v, c) => v >= WITHDRAW_MIN[c]!);
    const canTransfer = full && (b[BUSD] >= 2 * MICRO || b[VLT] >= 50 * MICRO);
    const canSwap = full && (b[BUSD] >= 5 * MICRO || b[VLT] >= 100 * MICRO || b[BNB] >= 10_000);
    const canSave = full && (b[BUSD] >= 10 * MICRO || b[VLT] >= 500 * MICRO);
    const kind = k === 0 ? 'funding' : nextKind(r, canWithdraw, canTransfer, canSwap, canSave);
    if (kind === 'withdraw') withdraw(ctx, w, t);
    else if (kind === 'swap') swap(ctx, w, t);
    else if (kind === 'save') save(ctx, w, t, plans);
    // A transfer with nobody to send to becomes a funding.
    else if (kind !== 'transfer' || !transfer(ctx, w, t, peers)) fund(ctx, w, t, weighted(r, FUND_CURRENCY));
  }
  settle(ctx.nowMs);
  for (const p of plans) planRow(ctx, w, p);
}

/**
 * weighted(r, [['funding', 30], ['withdraw', 20 or 0], ['transfer', 7 or 0], ['swap', 9 or 0],
 * ['save', 14 or 0]]) without building the table for every event: the same one draw and the same
 * arithmetic, so the same pick.
 */
function nextKind(r: Rng, canWithdraw: boolean, canTransfer: boolean, canSwap: boolean, canSave: boolean) {
  const ww = canWithdraw ? 20 : 0;
  const wt = canTransfer ? 7 : 0;
  const ws = canSwap ? 9 : 0;
  const wv = canSave ? 14 : 0;
  let x = r.float() * (30 + ww + wt + ws + wv);
  if ((x -= 30) < 0) return 'funding';
  if ((x -= ww) < 0) return 'withdraw';
  if ((x -= wt) < 0) return 'transfer';
  if (x - ws < 0) return 'swap';
  // The last pick, whether x is then below 0 or not (weighted's fallback is its last row).
  return 'save';
}

function fund(ctx: SimContext, w: Wallet, t: number, cur: Cur) {
  const r = ctx.rng;
  const micro = fundingAmount(r, cur);
  const item = move(ctx, w, {
    state: 0,
    cur,
    micro,
    credit: true,
    t,
    description: `Wallet funded with ${display(micro)} ${CURRENCIES[cur]}`,
    hash: hash(r),
    from: r.chance(0.55) ? r.pick(EXCHANGES) : address(r),
    to: w.address,
  });
  // A deposit notification processed twice: the ledger (and so the balance) has the credit twice,
  // the wallet's transactions once. This is the "balance mismatch" a few percent of users show;
  // the ledger itself stays exact.
  if (w.doubleCredit && micro * usdPrice(cur, t) >= 10 * MICRO) {
    w.doubleCredit = false;
    const ref = ctx.out.ledger.ref;
    const at = 4 * item;
    ledger(
      ctx,
      w,
      cur,
      micro,
      FUNDING_KIND,
      Math.min(ctx.nowMs, t + r.int(1, 30) * MINUTE),
      false,
      ref[at]!,
      ref[at + 1]!,
      ref[at + 2]!,
      ref[at + 3]!,
    );
  }
}

function withdraw(ctx: SimContext, w: Wallet, t: number) {
  const r = ctx.rng;
  // weighted(r, [[c, weight of c when c's balance is worth withdrawing, else 0] for c 0-3]),
  // without the table: the same draw and arithmetic.
  const w0 = w.bal[0] >= WITHDRAW_MIN[0]! ? WITHDRAW_WEIGHT[0]! : 0;
  const w1 = w.bal[1] >= WITHDRAW_MIN[1]! ? WITHDRAW_WEIGHT[1]! : 0;
  const w2 = w.bal[2] >= WITHDRAW_MIN[2]! ? WITHDRAW_WEIGHT[2]! : 0;
  const w3 = w.bal[3] >= WITHDRAW_MIN[3]! ? WITHDRAW_WEIGHT[3]! : 0;
  let x = r.float() * (0 + w0 + w1 + w2 + w3);
  const cur: Cur = (x -= w0) < 0 ? 0 : (x -= w1) < 0 ? 1 : x - w2 < 0 ? 2 : 3;
  const bal = w.bal[cur];
  const micro = r.chance(0.3)
    ? bal
    : Math.max(WITHDRAW_MIN[cur]!, floorTo(Math.floor(bal * r.between(0.2, 1)), DECIMALS[cur]!));
  const fee = cur === VLT ? floorTo(Math.floor(micro / 100), 2) : WITHDRAW_FEE[cur]!;
  move(ctx, w, {
    state: 1,
    cur,
    micro,
    fee,
    credit: false,
    t,
    description: `Withdrawal of ${display(micro)} ${CURRENCIES[cur]}`,
    hash: hash(r),
    from: w.address,
    to: r.chance(0.5) ? r.pick(EXCHANGES) : address(r),
  });
}

/** Sends to another user of the same chunk who already had a wallet; false when there is none. */
function transfer(ctx: SimContext, w: Wallet, t: number, peers: readonly Wallet[]): boolean {
  const r = ctx.rng;
  // peers are in sign-up order: binary search for those whose wallet existed at t.
  let lo = 0;
  let hi = peers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (peers[mid]!.createdMs <= t) lo = mid + 1;
    else hi = mid;
  }
  if (lo < 2) return false;
  let to = peers[r.int(0, lo - 1)]!;
  if (to === w) to = peers[(peers.indexOf(w) + 1) % lo]!;
  if (to === w) return false;
  const cur: Cur = w.bal[BUSD] >= 2 * MICRO && (w.bal[VLT] < 50 * MICRO || r.chance(0.7)) ? BUSD : VLT;
  const micro = Math.max(
    cur === BUSD ? MICRO : 10 * MICRO,
    floorTo(Math.floor(w.bal[cur] * r.between(0.1, 0.6)), cur === BUSD ? 0 : 2),
  );
  const txnHash = hash(r);
  const what = `${display(micro)} ${CURRENCIES[cur]}`;
  move(ctx, w, {
    state: 2,
    cur,
    micro,
    credit: false,
    t,
    description: `Sent ${what} to @${to.username}`,
    hash: txnHash,
    from: w.address,
    to: to.address,
  });
  move(
    ctx,
    to,
    {
      state: 3,
      cur,
      micro,
      credit: true,
      t,
      description: `Received ${what} from @${w.username}`,
      hash: txnHash,
      from: w.address,
      to: to.address,
    },
    false,
  );
  return true;
}

const SWAP_TO = [
  [VLT, 60],
  [BNB, 20],
  [XBUSD, 20],
] as const;

/** Two legs, one per currency, so each currency's transactions add up to its balance. */
function swap(ctx: SimContext, w: Wallet, t: number) {
  const r = ctx.rng;
  const b = w.bal;
  const from: Cur =
    b[BUSD] >= 5 * MICRO && r.chance(0.7) ? BUSD : b[VLT] >= 100 * MICRO ? VLT : b[BNB] >= 10_000 ? BNB : BUSD;
  const to: Cur = from === BUSD ? weighted(r, SWAP_TO) : BUSD;
  const micro = Math.max(10_000, floorTo(Math.floor(b[from] * r.between(0.1, 0.8)), DECIMALS[from]!));
  const fee = floorTo(Math.floor(micro * 0.003), 6);
  const got = Math.max(
    1,
    floorTo(Math.floor(((micro - fee) * usdPrice(from, t)) / usdPrice(to, t)), to === VLT ? 4 : 6),
  );
  const description = `Swapped ${display(micro)} ${CURRENCIES[from]} for ${display(got)} ${CURRENCIES[to]}`;
  const txnHash = hash(r);
  move(ctx, w, {
    state: 4,
    cur: from,
    micro,
    fee,
    credit: false,
    t,
    description,
    hash: txnHash,
    from: w.address,
    to: SWAP_ROUTER,
  });
  move(ctx, w, {
    state: 4,
    cur: to,
    micro: got,
    credit: true,
    t,
    description,
    hash: txnHash,
    from: SWAP_ROUTER,
    to: w.address,
  });
}

/** A deposit into a plan: tops up an open flexible plan or opens a new one. */
function save(ctx: SimContext, w: Wallet, t: number, plans: Plan[]) {
  const r = ctx.rng;
  const cur: Cur = w.bal[BUSD] >= 10 * MICRO && (w.bal[VLT] < 500 * MICRO || r.chance(0.85)) ? BUSD : VLT;
  const micro = Math.max(
    cur === BUSD ? 10 * MICRO : 500 * MICRO,
    floorTo(Math.floor(w.bal[cur] * r.between(0.3, 0.9)), 0),
  );
  const open = plans.find(
    (p) =>
      p.type === 'flexible' &&
      p.currency === cur &&
      !p.withdrawn &&
      !p.pending &&
      (p.withdrawAtMs === null || p.withdrawAtMs > t),
  );
  let plan: Plan;
  let state: number;
  if (open && r.chance(0.6)) {
    plan = open;
    state = 5;
  } else {
    const type = r.chance(0.55) ? 'fixed' : 'flexible';
    const lockDays = type === 'fixed' ? weighted(r, LOCKS) : 0;
    const lockEndMs = type === 'fixed' ? t + lockDays * DAY : null;
    const pending = t > ctx.nowMs - 2 * DAY && r.chance(0.5);
    let withdrawAtMs: number | null = null;
    if (!pending) {
      if (lockEndMs !== null) {
        const at = lockEndMs + Math.floor(r.float() * 14 * DAY);
        if (at < ctx.nowMs && r.chance(0.8)) withdrawAtMs = at;
      } else if (r.chance(0.3)) {
        withdrawAtMs = t + HOUR + Math.floor(r.float() * Math.max(0, ctx.nowMs - t - HOUR));
      }
    }
    plan = {
      id: r.uuid(),
      type,
      name: `${r.pick(PLAN_NAMES)} ${new Date(t).getUTCFullYear()}`,
      protocol: r.chance(0.85) ? 'xAuto' : 'venus',
      currency: cur,
      apy: type === 'fixed' ? FIXED_APY[lockDays]! : 0.05,
      lockEndMs,
      createdMs: t,
      deposits: [],
      pending,
      withdrawAtMs,
      withdrawn: false,
      withdrawalMicro: 0,
      withdrawalHash: null,
      updatedMs: t,
    };
    plans.push(plan);
    state = type === 'fixed' ? 6 : 8;
  }
  // A pending save is still waiting for the deposit batch: no on-chain hash yet.
  const txnHash = plan.pending ? null : hash(r);
  plan.deposits.push({ ms: t, micro, hash: txnHash });
  plan.updatedMs = t;
  const what = `${display(micro)} ${CURRENCIES[cur]} to ${plan.type} plan "${plan.name}"`;
  savingsTx(ctx, r.uuid(), w, plan, micro, txnHash, state, state === 5 ? `Top-up of ${what}` : `Deposit of ${what}`, t);
  move(ctx, w, {
    state,
    cur,
    micro,
    credit: false,
    t,
    description: `Saved ${what}`,
    hash: txnHash,
    from: w.address,
    to: VAULTS[plan.protocol]!,
  });
}

/** One savings transaction (network 56, active). */
function savingsTx(
  ctx: SimContext,
  id: string,
  w: Wallet,
  p: Plan,
  micro: number,
  txnHash: string | null,
  state: number,
  description: string,
  ms: number,
) {
  const out = ctx.out.savingsTxs;
  out.row(11);
  out.uuid(id);
  out.uuidBytes(w.userUuid);
  out.uuid(p.id);
  out.numericMicro(micro);
  out.string(CURRENCIES[p.currency]);
  out.int32(56);
  out.string(txnHash);
  out.int16(state);
  out.string(description);
  out.bool(true);
  out.timestampMs(Math.trunc(ms));
}

/** Principal plus simple interest back to the wallet. */
function payOut(ctx: SimContext, w: Wallet, p: Plan) {
  const r = ctx.rng;
  const t = p.withdrawAtMs!;
  let micro = 0;
  for (const d of p.deposits) micro += d.micro + floorTo(Math.floor((d.micro * p.apy * (t - d.ms)) / YEAR), 4);
  p.withdrawn = true;
  p.withdrawalMicro = micro;
  p.withdrawalHash = hash(r);
  p.updatedMs = t;
  const state = p.type === 'fixed' ? 7 : 9;
  const what = `${display(micro)} ${CURRENCIES[p.currency]} from ${p.type} plan "${p.name}"`;
  savingsTx(ctx, r.uuid(), w, p, micro, p.withdrawalHash, state, `Withdrawal of ${what}`, t);
  move(ctx, w, {
    state,
    cur: p.currency,
    micro,
    credit: true,
    t,
    description: `Payout of ${what}`,
    hash: p.withdrawalHash,
    from: VAULTS[p.protocol]!,
    to: w.address,
  });
}

function planRow(ctx: SimContext, w: Wallet, p: Plan) {
  const r = ctx.rng;
  let deposited = 0;
  let shares = 0;
  for (const d of p.deposits) {
    deposited += d.micro;
    if (d.hash) shares += Math.floor(d.micro / pricePerShare(p.protocol, d.ms));
  }
  const state = p.withdrawn ? 'withdrawn' : p.lockEndMs !== null && p.lockEndMs <= ctx.nowMs ? 'matured' : 'active';
  // A few open plans were locked by compliance (the locked-savings screen).
  const locked = state !== 'withdrawn' && !p.pending && r.chance(0.006);
  const lockedAtMs = locked ? p.updatedMs + Math.floor(r.float() * (ctx.nowMs - p.updatedMs)) : 0;
  ctx.out.plans.add({
    id: p.id,
    user_id: w.userId,
    plan_type: p.type,
    plan_name: p.name,
    protocol_name: p.protocol,
    currency: CURRENCIES[p.currency],
    deposit_amount: fmtMicro(deposited),
    share_balance: p.withdrawn ? '0' : fmtMicro(shares),
    lock_period: p.lockEndMs === null ? null : iso(p.lockEndMs),
    deposit_time: iso(p.createdMs),
    withdrawal_time: p.withdrawn ? iso(p.withdrawAtMs!) : null,
    withdrawal_amount: p.withdrawn ? fmtMicro(p.withdrawalMicro) : null,
    deposit_transaction_hash: pgArray(p.deposits.flatMap((d) => (d.hash ? [d.hash] : []))),
    withdrawal_transaction_hash: pgArray(p.withdrawalHash ? [p.withdrawalHash] : []),
    plan_state: state,
    save_status: p.pending ? 'pending' : 'saved',
    locked,
    locked_amount: locked && p.type === 'flexible' ? fmtMicro(deposited) : null,
    locked_comment: locked
      ? r.pick([
          'Funding source under review',
          'Linked to a flagged referral farm',
          'Customer request pending verification',
        ])
      : null,
    locked_at: locked ? iso(lockedAtMs) : null,
    created_at: iso(p.createdMs),
    updated_at: iso(Math.max(p.updatedMs, lockedAtMs)),
  });
}

/** Hashes are plain hex, so a text[] literal needs no quoting. */
const pgArray = (items: string[]) => `{${items.join(',')}}`;
