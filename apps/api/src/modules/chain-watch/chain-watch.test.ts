import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAIN_WATCH_COUNT_CAP } from '@vaultdesk/contract';
import { bearer, expect400, useTestApp } from '../../../test/helpers';
import { credit } from '../../ledger/ledger';

const METRICS_TOKEN = 'chain-watch-metrics-token-0123456789';
const { t, tokens, q } = useTestApp({ METRICS_TOKEN, METRICS_CACHE_SECONDS: '0' });
const get = (url: string, token = tokens.superadmin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;
const CHAIN = 31337;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

let seq = 0;
async function customer() {
  const n = ++seq;
  const [u] = await q<{ id: string; username: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id, username::text`,
    [`Watch Person${n}`, `watch${n}`, `watch${n}@example.test`, `WATCH${n}`],
  );
  const [w] = await q<{ id: string; address: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u!.id, hex(20)],
  );
  return { ...u!, wallet: w! };
}

/**
 * A transfer the watcher recorded, written as the watcher writes it: a credited one goes through
 * the ledger module (one ledger row, one wallet transaction with the hash) and points at both.
 */
async function recorded(
  who: Awaited<ReturnType<typeof customer>>,
  o: {
    status: 'seen' | 'credited' | 'dropped' | 'ignored';
    block: number;
    amount: string;
    reason?: string;
    currency?: string;
  },
) {
  const txHash = hex(32);
  const currency = o.currency ?? 'BUSD';
  return t.db.transaction(async (tx) => {
    let ledgerId: number | null = null;
    let walletTxId: string | null = null;
    if (o.status === 'credited') {
      await credit(tx, {
        walletId: who.wallet.id,
        currency,
        amount: o.amount,
        kind: 'chain-deposit',
        reference: { type: 'chain_deposit', id: `${CHAIN}:${txHash}:0` },
        staffId: null,
        mirror: {
          userId: who.id,
          state: 0,
          type: 'funding',
          description: 'Deposit received on chain',
          txnHash: txHash,
          toAddress: who.wallet.address,
          fromAddress: '0x00000000000000000000000000000000000000aa',
        },
      });
      const { rows } = await tx.execute<{ l: string; w: string }>(
        sql`SELECT (SELECT max(id) FROM ledger_entries WHERE wallet_id = ${who.wallet.id})::text AS l,
                   (SELECT id FROM wallet_transactions WHERE wallet_id = ${who.wallet.id} AND txn_hash = ${txHash}) AS w`,
      );
      ledgerId = Number(rows[0]!.l);
      walletTxId = rows[0]!.w;
    }
    const seen = o.status === 'seen';
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO chain_deposits (chain_id, tx_hash, log_index, block_number, block_hash, token, currency, from_address, to_address,
                                  amount_wei, amount, wallet_id, user_id, status, reason, decided_at, confirmations, ledger_entry_id, wallet_transaction_id)
      VALUES (${CHAIN}, ${txHash}, 0, ${o.block}, ${hex(32)}, ${TOKEN}, ${currency}, '0x00000000000000000000000000000000000000aa',
              ${who.wallet.address.toLowerCase()}, (${o.amount}::numeric * 1e18)::numeric(78,0), ${o.amount}::numeric,
              ${who.wallet.id}, ${who.id}, ${o.status}, ${o.reason ?? null}, ${seen ? null : new Date().toISOString()}::timestamptz,
              ${seen ? null : 3}::int, ${ledgerId}::bigint, ${walletTxId}::uuid)
      RETURNING id::text`);
    const row = rows[0];
    return { id: row!.id, txHash, walletTxId };
  });
}

describe('the Advanced chain watcher panel', () => {
  it('shows the cursor, its lag, the day totals per currency, the transfers by status and the last error', async () => {
    await q(
      `INSERT INTO chain_watch_cursors (chain_id, last_block, head_block, head_seen_at, last_error, last_error_at)
       VALUES ($1, 120, 125, now() - interval '7 seconds', 'RPC timeout after 4000 ms', now() - interval '1 minute')`,
      [CHAIN],
    );
    await q(
      `INSERT INTO chain_watch_blocks (chain_id, number, hash, parent_hash, seen_at) VALUES ($1, 120, $2, $3, now() - interval '30 seconds')`,
      [CHAIN, hex(32), hex(32)],
    );
    const alice = await customer();
    const bob = await customer();
    const credited = await recorded(alice, { status: 'credited', block: 100, amount: '250.5' });
    await recorded(bob, { status: 'credited', block: 101, amount: '10', currency: 'VLT' });
    const waiting = await recorded(bob, { status: 'seen', block: 119, amount: '7' });
    await recorded(alice, { status: 'ignored', block: 110, amount: '3', reason: 'failed' });

    const res = await get('/v1/advanced/chain-watcher');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.chains).toEqual([
      expect.objectContaining({
        chainId: CHAIN,
        chainName: 'Vaultdesk local chain',
        headBlock: 125,
        lastBlock: 120,
        lagBlocks: 5,
        lastError: 'RPC timeout after 4000 ms',
      }),
    ]);
    expect(data.chains[0].headAgeSeconds).toBeGreaterThanOrEqual(6);
    expect(data.chains[0].lagSeconds).toBeGreaterThanOrEqual(29);
    expect(data.errors).toEqual([{ chainId: CHAIN, message: 'RPC timeout after 4000 ms', at: expect.any(String) }]);
    expect(data.today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(data.today.seen).toEqual([
      { currency: 'BUSD', count: 3, amount: '260.5' },
      { currency: 'VLT', count: 1, amount: '10' },
    ]);
    expect(data.today.credited).toEqual([
      { currency: 'BUSD', count: 1, amount: '250.5' },
      { currency: 'VLT', count: 1, amount: '10' },
    ]);
    expect(data.deposits).toMatchObject({ currentPage: 1, totalRecords: 4, totalPage: 1, pageSize: 20 });
    const first = data.deposits.records.find((r: { _id: string }) => r._id === credited.id);
    expect(first).toMatchObject({
      txHash: credited.txHash,
      status: 'credited',
      amount: '250.5',
      username: alice.username,
      currency: 'BUSD',
      blockNumber: 100,
      confirmations: 26, // head 125 − block 100 + 1
    });

    const seenOnly = (await get('/v1/advanced/chain-watcher?status=seen')).json().data.deposits;
    expect(seenOnly.records.map((r: { _id: string }) => r._id)).toEqual([waiting.id]);
    expect(seenOnly.records[0].confirmations).toBe(7);
    const ignored = (await get('/v1/advanced/chain-watcher?status=ignored', tokens.compliance)).json().data.deposits;
    expect(ignored.records).toEqual([
      expect.objectContaining({ status: 'ignored', reason: 'failed', confirmations: 3 }),
    ]);

    const paged = (await get('/v1/advanced/chain-watcher?pageSize=2&page=2')).json().data.deposits;
    expect(paged).toMatchObject({ currentPage: 2, totalRecords: 4, totalPage: 2, pageSize: 2 });
    expect(paged.records).toHaveLength(2);

    // /metrics: the lag in blocks and the seconds since the head was read, per chain.
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^vaultdesk_chain_watch_lag_blocks\{chain_id="31337"\} 5$/m);
    const age = /^vaultdesk_chain_watch_head_age_seconds\{chain_id="31337"\} (\S+)$/m.exec(metrics.body);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(6);

    // The profile's wallet transactions show the credit with its hash and its confirmations now.
    const profile = await get(`/v1/admin/user-wallet-transactions?id=${alice.id}`);
    expect(profile.statusCode, profile.body).toBe(200);
    const records = profile.json().data.records as { _id: string; txnHash: string; confirmations: number | null }[];
    expect(records).toEqual([
      expect.objectContaining({ _id: credited.walletTxId, txnHash: credited.txHash, confirmations: 26 }),
    ]);
  });

  it('refuses other roles (403) and bad filters and pages (400), and caps the count', async () => {
    expect((await get('/v1/advanced/chain-watcher', tokens.support)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/advanced/chain-watcher' })).statusCode).toBe(401);
    expect400(await get('/v1/advanced/chain-watcher?status=credit'), 'status', 'status');
    expect400(await get('/v1/advanced/chain-watcher?page=501'), 'page', 'page');
    expect400(await get('/v1/advanced/chain-watcher?pageSize=101'), 'pageSize', 'pageSize');
    expect400(await get(`/v1/advanced/chain-watcher?status=${'x'.repeat(5000)}`), 'status', 'status');
    expect(CHAIN_WATCH_COUNT_CAP).toBe(10_000);
  });
});
