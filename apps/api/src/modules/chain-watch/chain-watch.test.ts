import { describe, expect, it } from 'vitest';
import { CHAIN_WATCH_COUNT_CAP } from '@vaultdesk/contract';
import { bearer, expect400, useTestApp } from '../../../test/helpers';
import {
  customerWithWallet,
  randomHex as hex,
  recordTransfer,
  type DepositCustomer,
  type RecordedTransfer,
} from '../../../test/chain-deposits';

const METRICS_TOKEN = 'chain-watch-metrics-token-0123456789';
const { t, tokens, q } = useTestApp({ METRICS_TOKEN, METRICS_CACHE_SECONDS: '0' });
const get = (url: string, token = tokens.superadmin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const CHAIN = 31337;
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const customer = () => customerWithWallet(t.db);
const recorded = (who: DepositCustomer, o: Omit<RecordedTransfer, 'chainId' | 'token'>) =>
  recordTransfer(t.db, who, { chainId: CHAIN, token: TOKEN, ...o });

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
