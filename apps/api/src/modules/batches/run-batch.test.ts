import { decodeFunctionData, parseUnits, type Address, type EIP1193Provider, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONTRACTS, testTokenAbi, vaultAbi } from '@vaultdesk/chain';
import { fundLocalAccounts, localClients, type LocalChain } from '@vaultdesk/chain/node';
import { activeProcessList, type ProcessList, type QueueKind, type SaveBatchBody } from '@vaultdesk/contract';
import { runBatch, saveSentBatch, type BatchProgress } from '../../../../web/src/features/queues/batch/run-batch';
import { chainTestApp } from '../../../test/chain';
import { bearer, type TestApp } from '../../../test/helpers';

/**
 * The browser's batch (apps/web runBatch) driven through an EIP-1193 provider that forwards to a
 * real local Hardhat node, saving through the real API: every percentage it reports, in order,
 * against the wallet calls it makes (spec §4: deposit 50 before the vault call, hash received 60
 * as soon as the wallet returns the hash), and the approval of 100000 tokens.
 */

let t: TestApp;
let chain: LocalChain;
let token = '';
/** Hardhat account #2: unlocked on the node, no allowance to the vault yet. */
const SIGNER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ t, chain, token, close } = await chainTestApp(SIGNER, 'Batch signer'));
  await fundLocalAccounts(chain.url, [{ address: SIGNER, bnb: '100', busd: '1000', vlt: '0' }]);
}, 120_000);
afterAll(() => close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Every wallet request and every progress report, in the order they happened. */
type Event =
  | { kind: 'progress'; percent: number; step: string }
  | { kind: 'send'; fn: string; args: readonly unknown[]; hash: Hash }
  | { kind: 'receipt'; hash: string }
  | { kind: 'record'; hash: string; status: number };

function forwardingProvider(url: string, events: Event[]): EIP1193Provider {
  const rpc = async (method: string, params: unknown) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
    return answer.result;
  };
  return {
    async request({ method, params }: { method: string; params?: unknown }) {
      const result = await rpc(method, params ?? []);
      if (method === 'eth_sendTransaction') {
        const tx = (params as [{ to: Address; data: `0x${string}` }])[0];
        const abi = tx.to.toLowerCase() === LOCAL_CONTRACTS.xBUSD.toLowerCase() ? vaultAbi : testTokenAbi;
        const { functionName, args = [] } = decodeFunctionData({ abi, data: tx.data });
        events.push({
          kind: 'send',
          fn: `${tx.to.toLowerCase() === LOCAL_CONTRACTS.xBUSD.toLowerCase() ? 'vault' : 'token'}.${functionName}`,
          args,
          hash: result as Hash,
        });
      }
      if (method === 'eth_getTransactionReceipt') events.push({ kind: 'receipt', hash: (params as [string])[0] });
      return result;
    },
    on: () => undefined,
    removeListener: () => undefined,
  } as unknown as EIP1193Provider;
}

let seq = 0;
/** Pending queue items put into a fresh process list through the API, as the queue page does. */
async function openListWith(type: QueueKind, amounts: string[]): Promise<ProcessList> {
  const created = await call('POST', '/v1/advanced/create-process-list', { processType: type });
  expect(created.statusCode, created.body).toBe(200);
  const listId = created.json().data._id as string;
  for (const amount of amounts) {
    const n = ++seq;
    const [u] = await q<{ id: string }>(
      `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
      [`Run Batch ${n}`, `runbatch${n}`, `runbatch${n}@example.test`, `RUNB${n}`],
    );
    await q(`INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2)`, [
      u!.id,
      `0x${String(n).padStart(40, 'e')}`,
    ]);
    const [p] = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status) VALUES ($1, 'flexible', 'Run batch plan', $2, $3) RETURNING id`,
      [u!.id, amount, type === 'deposit' ? 'pending' : 'saved'],
    );
    const [i] = await q<{ id: string }>(
      `INSERT INTO queue_items (queue, user_id, plan_id, amount, status) VALUES ($1, $2, $3, $4, 'pending') RETURNING id`,
      [type, u!.id, p!.id, amount],
    );
    const added = await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
      queueItemId: i!.id,
      processListId: listId,
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const lists = (await call('GET', `/v1/advanced/process-lists?type=${type}`)).json().data as ProcessList[];
  return activeProcessList(lists, type)!;
}

const save = (failFirst = false) => {
  let failed = !failFirst;
  return async (body: SaveBatchBody) => {
    // A save lost on the way (server down, network cut): fetch's own error, no status.
    if (!failed) {
      failed = true;
      throw new TypeError('Failed to fetch');
    }
    const res = await call('POST', '/v1/advanced/save-batch', body);
    if (res.statusCode !== 200)
      throw Object.assign(new Error(res.json().message as string), { status: res.statusCode });
    return res.json() as { message: string };
  };
};
const chainConfig = async () =>
  (await call('GET', '/v1/advanced/chain-config')).json().data as {
    chainId: number;
    contracts: { BUSD: string; xBUSD: string };
  };

async function run(list: ProcessList, events: Event[], opts: { failFirstSave?: boolean } = {}) {
  const cfg = await chainConfig();
  return runBatch({
    provider: forwardingProvider(chain.url, events),
    account: SIGNER,
    chainId: cfg.chainId,
    contracts: cfg.contracts,
    list,
    shareWaitMs: 0,
    save: save(opts.failFirstSave),
    record: async (hash) => {
      const res = await call('POST', '/v1/advanced/record-sent-batch', {
        processListId: list._id,
        transactionHash: hash,
      });
      events.push({ kind: 'record', hash, status: res.statusCode });
      if (res.statusCode !== 200)
        throw Object.assign(new Error(res.json().message as string), { status: res.statusCode });
    },
    onProgress: (p: BatchProgress) => {
      events.push({ kind: 'progress', percent: p.percent, step: p.step });
    },
  });
}

const percents = (events: Event[]) => events.flatMap((e) => (e.kind === 'progress' ? [e.percent] : []));
const steps = (events: Event[]) => events.flatMap((e) => (e.kind === 'progress' ? [`${e.step} ${e.percent}`] : []));
const DEPOSIT_STEPS = [
  'Started 10',
  'Allowance check 20',
  'Allowance done 30',
  'Initial share balance 40',
  'Deposit 50',
  'Hash received 60',
  'Wait 0 seconds 60',
  'Share balance after 70',
  'Batch saved 100',
];
const at = (events: Event[], pred: (e: Event) => boolean) => events.findIndex(pred);

describe('runBatch (the browser batch) against the local chain and the API', () => {
  it('a first deposit: approval of 100000 tokens, then every step of spec §4 with 50 before the vault call, 60 as soon as its hash returns, the hash recorded before the wait', async () => {
    const { publicClient } = localClients(chain.url);
    const list = await openListWith('deposit', ['20', '5']);
    const events: Event[] = [];
    const result = await run(list, events);
    expect(result).toMatchObject({ percent: 100, status: 'success', message: 'Batch saved', recorded: true });
    expect(steps(events)).toEqual(DEPOSIT_STEPS);

    const sends = events.filter((e): e is Extract<Event, { kind: 'send' }> => e.kind === 'send');
    expect(sends.map((s) => s.fn)).toEqual(['token.approve', 'vault.deposit']);
    expect(sends[0]!.args).toEqual([LOCAL_CONTRACTS.xBUSD, parseUnits('100000', 18)]);
    expect(sends[1]!.args).toEqual([parseUnits('25', 18)]);
    // The approval comes after "allowance check 20" and before "allowance done 30".
    const approve = at(events, (e) => e.kind === 'send' && e.fn === 'token.approve');
    expect(at(events, (e) => e.kind === 'progress' && e.percent === 20)).toBeLessThan(approve);
    expect(approve).toBeLessThan(at(events, (e) => e.kind === 'progress' && e.percent === 30));
    // 50 before the vault call; 60 right after the wallet returned the hash, before any receipt of it was asked for.
    const deposit = at(events, (e) => e.kind === 'send' && e.fn === 'vault.deposit');
    const hash = sends[1]!.hash;
    expect(at(events, (e) => e.kind === 'progress' && e.percent === 50)).toBe(deposit - 1);
    expect(events[deposit + 1]).toMatchObject({ kind: 'progress', percent: 60 });
    expect(at(events, (e) => e.kind === 'receipt' && e.hash === hash)).toBeGreaterThan(deposit + 1);
    // The hash is on the server before the wait and before its receipt is asked for.
    const recorded = at(events, (e) => e.kind === 'record');
    expect(events[recorded]).toEqual({ kind: 'record', hash, status: 200 });
    expect(recorded).toBe(deposit + 2);
    expect(recorded).toBeLessThan(at(events, (e) => e.kind === 'progress' && e.step.startsWith('Wait')));
    expect(recorded).toBeLessThan(at(events, (e) => e.kind === 'receipt' && e.hash === hash));

    // What the server kept: the list saved with that hash; the signer's allowance is what the approval left.
    const [pl] = await q<{ status: number; transaction_hash: string }>(
      `SELECT status, transaction_hash FROM process_lists WHERE id = $1`,
      [list._id],
    );
    expect(pl).toEqual({ status: 1, transaction_hash: hash });
    expect(
      await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'batch.deposit.sent' AND target_id = $1`, [
        list._id,
      ]),
    ).toEqual([{ n: 1 }]);
    const allowance = await publicClient.readContract({
      address: LOCAL_CONTRACTS.BUSD,
      abi: testTokenAbi,
      functionName: 'allowance',
      args: [SIGNER, LOCAL_CONTRACTS.xBUSD],
    });
    expect(allowance).toBe(parseUnits('99975', 18));
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list._id })).statusCode).toBe(200);
  });

  it('a deposit under the allowance left asks for no approval; the same percentages', async () => {
    const list = await openListWith('deposit', ['10']);
    const events: Event[] = [];
    expect(await run(list, events)).toMatchObject({ percent: 100, status: 'success' });
    expect(steps(events)).toEqual(DEPOSIT_STEPS);
    expect(events.flatMap((e) => (e.kind === 'send' ? [e.fn] : []))).toEqual(['vault.deposit']);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list._id })).statusCode).toBe(200);
  });

  it('a withdraw batch: no allowance step, withdraw of shares at 50, hash at 60, saved at 100', async () => {
    const list = await openListWith('withdraw', ['7.5']);
    const events: Event[] = [];
    expect(await run(list, events)).toMatchObject({ percent: 100, status: 'success' });
    expect(steps(events)).toEqual([
      'Started 10',
      'Allowance done 30',
      'Initial share balance 40',
      'Withdraw 50',
      'Hash received 60',
      'Wait 0 seconds 60',
      'Share balance after 70',
      'Batch saved 100',
    ]);
    const withdraw = at(events, (e) => e.kind === 'send' && e.fn === 'vault.withdraw');
    expect(events[withdraw - 1]).toMatchObject({ kind: 'progress', percent: 50 });
    expect(events[withdraw + 1]).toMatchObject({ kind: 'progress', percent: 60 });
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list._id })).statusCode).toBe(200);
  });

  it('a save the server refuses ends at 90 with its message; the list stays open with the sent hash recorded', async () => {
    const list = await openListWith('deposit', ['3']);
    const events: Event[] = [];
    // The page believes it holds one more item than the server's list: planIdAndType differs.
    const forged = {
      ...list,
      items: [...list.items, { ...list.items[0]!, _id: '00000000-0000-4000-8000-000000000001' }],
    };
    const result = await run(forged, events);
    expect(percents(events)).toEqual([10, 20, 30, 40, 50, 60, 60, 70, 90]);
    expect(result).toMatchObject({ percent: 90, status: 'exception', message: expect.stringMatching(/planIdAndType/) });
    // Not saved, but the batch went out: the list keeps its hash, so no one sends it again.
    const [pl] = await q<{ status: number; transaction_hash: string | null; sent_hash: string }>(
      `SELECT status, transaction_hash, sent_hash FROM process_lists WHERE id = $1`,
      [list._id],
    );
    expect(pl).toEqual({ status: 0, transaction_hash: null, sent_hash: result.hash });
    // Set aside: the forged list can never be saved.
    await q(`UPDATE process_lists SET status = 2 WHERE id = $1`, [list._id]);
  });

  it('a save lost on the way: the hash is recorded; a second browser saves that hash from the chain without sending anything; the vault got one deposit', async () => {
    const { publicClient } = localClients(chain.url);
    const vaultBusd = () =>
      publicClient.readContract({
        address: LOCAL_CONTRACTS.BUSD,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [LOCAL_CONTRACTS.xBUSD],
      });
    const list = await openListWith('deposit', ['4', '2.5']);
    const before = await vaultBusd();
    const events: Event[] = [];
    const first = await run(list, events, { failFirstSave: true });
    expect(first).toMatchObject({
      percent: 90,
      status: 'exception',
      message: 'Could not send batch details to server',
      recorded: true,
    });
    const sent = first.hash as Hash;

    // What any other browser reads: the list open, with the sent hash.
    const lists = (await call('GET', '/v1/advanced/process-lists?type=deposit')).json().data as ProcessList[];
    const open = activeProcessList(lists, 'deposit')!;
    expect(open).toMatchObject({ _id: list._id, status: 0, sentHash: sent, transactionHash: null });

    const later: Event[] = [];
    const cfg = await chainConfig();
    const saved = await saveSentBatch({
      provider: forwardingProvider(chain.url, later),
      chainId: cfg.chainId,
      contracts: cfg.contracts,
      list: open,
      hash: sent,
      save: save(),
      onProgress: (p) => {
        later.push({ kind: 'progress', percent: p.percent, step: p.step });
      },
    });
    expect(saved).toMatchObject({ percent: 100, status: 'success', message: 'Batch saved', hash: sent });
    expect(steps(later)).toEqual(['Hash received 60', 'Share balance after 70', 'Batch saved 100']);
    expect(later.filter((e) => e.kind === 'send')).toEqual([]);
    expect((await vaultBusd()) - before).toBe(parseUnits('6.5', 18));
    const [batch] = await q<{
      transaction_hash: string;
      init_shares: string;
      final_shares: string;
      from_address: string;
    }>(
      `SELECT transaction_hash, init_shares::text, final_shares::text, from_address FROM batches WHERE process_list_id = $1`,
      [list._id],
    );
    expect(batch).toMatchObject({ transaction_hash: sent, from_address: SIGNER.toLowerCase() });
    expect(BigInt(batch!.final_shares) > BigInt(batch!.init_shares)).toBe(true);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list._id })).statusCode).toBe(200);
  });
});
