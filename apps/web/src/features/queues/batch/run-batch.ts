import { parseUnits, type Address, type EIP1193Provider, type Hash } from 'viem';
import { APPROVAL_TOKENS, testTokenAbi, TOKEN_DECIMALS, vaultAbi, VAULT_ASSET, withdrawShares } from '@vaultdesk/chain';
import {
  BATCH_PROGRESS,
  BATCH_SAVE_FAILED,
  BATCH_STEP_LABELS,
  batchWaitLabel,
  type ProcessList,
  type SaveBatchBody,
} from '@vaultdesk/contract';
import { browserWallet, chainReader, mined } from '../../../components/wallet/chain-clients';

export type BatchProgress = {
  percent: number;
  step: string;
  status: 'active' | 'exception' | 'success';
  hash?: string;
  message?: string;
  /** Whether the server has the hash the wallet returned (record-sent-batch answered), once there is one. */
  recorded?: boolean;
};
/** The page's progress reporter: it may return a promise (the page's next paint), which the batch waits for. */
export type OnProgress = (p: BatchProgress) => void | Promise<void>;
type Common = {
  provider: EIP1193Provider;
  chainId: number;
  contracts: { BUSD: string; xBUSD: string };
  list: ProcessList;
  save: (body: SaveBatchBody) => Promise<{ message: string }>;
  onProgress: OnProgress;
};
export type BatchRun = Common & {
  account: Address;
  shareWaitMs: number;
  /** Records the hash on the server as soon as the wallet returns it (record-sent-batch). */
  record: (hash: Hash) => Promise<unknown>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The server's message of a refused save, else the specification's fallback text. */
const saveFailure = (e: unknown) =>
  e instanceof Error && e.message && (e as { status?: number }).status ? e.message : BATCH_SAVE_FAILED;

const reporter =
  (onProgress: OnProgress) =>
  async (percent: number, step: string, extra: Partial<BatchProgress> = {}) => {
    const p: BatchProgress = { percent, step, status: 'active', ...extra };
    // Each step is shown before the batch goes on: two steps never land in the same render.
    await onProgress(p);
    return p;
  };

/**
 * Records the hash, trying three times: the batch went out whatever the server answers, and the
 * save that follows carries the hash again. Resolves whether the server has it.
 */
async function recordHash(record: BatchRun['record'], hash: Hash) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await record(hash);
      return true;
    } catch (e) {
      // A refusal (4xx) will not change by retrying; a network failure may.
      if ((e as { status?: number }).status) return false;
      await sleep(500 * (attempt + 1));
    }
  }
  return false;
}

/** The save after the vault call, from what the chain says of the transaction. */
async function saveFromChain(
  r: Common,
  report: ReturnType<typeof reporter>,
  facts: {
    hash: Hash;
    price: bigint;
    initShares: bigint;
    finalShares: bigint;
    gasUsed: bigint;
    block: bigint;
    recorded?: boolean;
  },
) {
  const { hash, recorded } = facts;
  try {
    const saved = await r.save({
      transactionHash: hash,
      action: r.list.type,
      planIdAndType: r.list.items.map((i) => `${i.planId} ${i.planType} ${i._id}`),
      pricePerFullShare: facts.price.toString(),
      initShares: facts.initShares.toString(),
      finalShares: facts.finalShares.toString(),
      protocolName: VAULT_ASSET.protocolName,
      network: r.chainId,
      amount: r.list.totalAmount,
      gasUsed: facts.gasUsed.toString(),
      block: facts.block.toString(),
      processListId: r.list._id,
    });
    return await report(BATCH_PROGRESS.saved, BATCH_STEP_LABELS.saved, {
      status: 'success',
      hash,
      recorded,
      message: saved.message,
    });
  } catch (e) {
    return await report(BATCH_PROGRESS.saveFailed, BATCH_STEP_LABELS.saveFailed, {
      status: 'exception',
      hash,
      recorded,
      message: saveFailure(e),
    });
  }
}

/**
 * The batch as the specification runs it in the browser wallet, with its steps and percentages:
 * started 10, allowance check 20 (approval of 100000 tokens when the allowance is at most the
 * amount), allowance done 30, initial share balance 40, vault deposit (or withdraw of shares,
 * with the 36-decimal maths) 50 before the call, hash received 60 as soon as the wallet returns
 * it — and the hash recorded on the server at once, so no one sends this list's batch again —
 * then the wait before reading shares (the receipt is awaited meanwhile), share balance after
 * 70, saved 100, or 90 with the server's message when the save fails.
 */
export async function runBatch(r: BatchRun): Promise<BatchProgress> {
  const { wallet, reader } = browserWallet(r.provider, r.account);
  const vault = r.contracts.xBUSD as Address;
  const token = r.contracts.BUSD as Address;
  const amount = parseUnits(r.list.totalAmount, TOKEN_DECIMALS);
  const report = reporter(r.onProgress);

  await report(BATCH_PROGRESS.started, BATCH_STEP_LABELS.started);
  if (r.list.type === 'deposit') {
    await report(BATCH_PROGRESS.allowanceCheck, BATCH_STEP_LABELS.allowanceCheck);
    const allowance = await reader.readContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'allowance',
      args: [r.account, vault],
    });
    if (allowance <= amount) {
      const approval = await wallet.writeContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'approve',
        args: [vault, APPROVAL_TOKENS * 10n ** BigInt(TOKEN_DECIMALS)],
        chain: null,
      });
      await mined(reader, approval, 'Transaction');
    }
  }
  await report(BATCH_PROGRESS.allowanceDone, BATCH_STEP_LABELS.allowanceDone);
  const initShares = await reader.readContract({
    address: vault,
    abi: vaultAbi,
    functionName: 'balanceOf',
    args: [r.account],
  });
  const price = await reader.readContract({ address: vault, abi: vaultAbi, functionName: 'getPricePerFullShare' });
  await report(BATCH_PROGRESS.initialShares, BATCH_STEP_LABELS.initialShares);
  // Spec §4: "deposit 50%" as the vault call goes to the wallet, "hash received 60%" as soon as the
  // wallet returns the hash; the receipt (gas and block for the save) is awaited during the wait.
  await report(BATCH_PROGRESS.sent, r.list.type === 'deposit' ? BATCH_STEP_LABELS.deposit : BATCH_STEP_LABELS.withdraw);
  const hash =
    r.list.type === 'deposit'
      ? await wallet.writeContract({
          address: vault,
          abi: vaultAbi,
          functionName: 'deposit',
          args: [amount],
          chain: null,
        })
      : await wallet.writeContract({
          address: vault,
          abi: vaultAbi,
          functionName: 'withdraw',
          args: [withdrawShares(amount, price, initShares)],
          chain: null,
        });
  await report(BATCH_PROGRESS.hashReceived, BATCH_STEP_LABELS.hashReceived, { hash });
  const recorded = await recordHash(r.record, hash);
  await report(BATCH_PROGRESS.hashReceived, batchWaitLabel(r.shareWaitMs), { hash, recorded });
  const [receipt] = await Promise.all([mined(reader, hash, 'Transaction'), sleep(r.shareWaitMs)]);
  const finalShares = await reader.readContract({
    address: vault,
    abi: vaultAbi,
    functionName: 'balanceOf',
    args: [r.account],
  });
  await report(BATCH_PROGRESS.sharesAfter, BATCH_STEP_LABELS.sharesAfter, { hash, recorded });
  return saveFromChain(r, report, {
    hash,
    price,
    initShares,
    finalShares,
    gasUsed: receipt.gasUsed,
    block: receipt.blockNumber,
    recorded,
  });
}

/**
 * Saves a batch the wallet sent earlier (its hash recorded on the list) without sending anything:
 * the block, gas, sender and share balances come from the chain — the price and the sender's
 * shares just before the transaction's block and its shares at that block (the latest values
 * where the node keeps no such history). The server checks the transaction on chain as for any
 * save.
 */
export async function saveSentBatch(r: Common & { hash: Hash }): Promise<BatchProgress> {
  const reader = chainReader(r.provider);
  const vault = r.contracts.xBUSD as Address;
  const report = reporter(r.onProgress);
  await report(BATCH_PROGRESS.hashReceived, BATCH_STEP_LABELS.hashReceived, { hash: r.hash, recorded: true });
  const receipt = await reader.waitForTransactionReceipt({ hash: r.hash, pollingInterval: 500 });
  const tx = await reader.getTransaction({ hash: r.hash });
  const before = receipt.blockNumber > 0n ? receipt.blockNumber - 1n : 0n;
  const at = async <T>(read: (blockNumber?: bigint) => Promise<T>, blockNumber: bigint) =>
    read(blockNumber).catch(() => read());
  const price = await at(
    (blockNumber) =>
      reader.readContract({ address: vault, abi: vaultAbi, functionName: 'getPricePerFullShare', blockNumber }),
    before,
  );
  const initShares = await at(
    (blockNumber) =>
      reader.readContract({ address: vault, abi: vaultAbi, functionName: 'balanceOf', args: [tx.from], blockNumber }),
    before,
  );
  const finalShares = await at(
    (blockNumber) =>
      reader.readContract({ address: vault, abi: vaultAbi, functionName: 'balanceOf', args: [tx.from], blockNumber }),
    receipt.blockNumber,
  );
  await report(BATCH_PROGRESS.sharesAfter, BATCH_STEP_LABELS.sharesAfter, { hash: r.hash, recorded: true });
  return saveFromChain(r, report, {
    hash: r.hash,
    price,
    initShares,
    finalShares,
    gasUsed: receipt.gasUsed,
    block: receipt.blockNumber,
    recorded: true,
  });
}
