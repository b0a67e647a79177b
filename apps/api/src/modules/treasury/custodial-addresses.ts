import { CURRENCIES, type CustodialAddresses } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainBalances, ChainReader } from '../../chain/custodial-chain';
import { fromSnapshots, snapshots } from './treasury-snapshots';

/** A chain reading this fresh is answered again instead of asking the endpoints once more. */
const CHAIN_REUSE_MS = 15_000;

async function readAndStore(db: Db, readChain: ChainReader, wallets: { id: string; address: string }[]) {
  const balances = await readChain(wallets.map((w) => w.address));
  const ids: string[] = [];
  const currencies: string[] = [];
  const amounts: string[] = [];
  for (const w of wallets) {
    for (const c of CURRENCIES) {
      ids.push(w.id);
      currencies.push(c);
      amounts.push(balances.get(w.address)![c]);
    }
  }
  const { rows } = await db.$client.query<{ read_at: Date }>(
    `INSERT INTO custodial_balance_snapshots (wallet_id, currency, balance, source, read_at)
     SELECT w, c, b::numeric, 'chain', now() FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(w, c, b)
     RETURNING read_at`,
    [ids, currencies, amounts],
  );
  return { balances, readAt: rows[0]?.read_at ?? new Date() };
}

/**
 * Custodial wallets with their balances: read on chain (and stored as a snapshot) when an
 * endpoint is configured, else, or when the read fails, the newest stored snapshot.
 * One reader per service: it keeps the last chain reading, answered again while it is fresh.
 */
export function createCustodialAddresses(db: Db, readChain: ChainReader | null) {
  let lastChainRead: {
    at: number;
    addresses: Set<string>;
    reading: Promise<{ balances: ChainBalances; readAt: Date }>;
  } | null = null;

  return async function custodialAddresses(log: FastifyBaseLogger): Promise<CustodialAddresses> {
    const rows = await snapshots(db);
    const stored = fromSnapshots(rows);
    if (!readChain || stored.length === 0) return { result: stored };
    const wallets = [...new Map(rows.map((r) => [r.id, { id: r.id, address: r.address }])).values()];
    const now = Date.now();
    const reusable =
      lastChainRead &&
      now - lastChainRead.at <= CHAIN_REUSE_MS &&
      wallets.every((w) => lastChainRead!.addresses.has(w.address));
    if (!reusable) {
      lastChainRead = {
        at: now,
        addresses: new Set(wallets.map((w) => w.address)),
        reading: readAndStore(db, readChain, wallets),
      };
    }
    try {
      const { balances, readAt } = await lastChainRead!.reading;
      return {
        result: stored.map((w) => ({
          ...w,
          ...balances.get(w.address)!,
          source: 'chain',
          readAt: readAt.toISOString(),
        })),
      };
    } catch (err) {
      // A failed reading is not kept: the next call asks the endpoints again.
      lastChainRead = null;
      log.warn({ err }, 'custodial balances: chain read failed, answering the stored snapshot');
      return { result: stored };
    }
  };
}
