import { createPublicClient, createWalletClient, custom, parseUnits, type Address, type EIP1193Provider } from 'viem';
import { APPROVAL_TOKENS, testTokenAbi, TOKEN_DECIMALS, vaultAbi, VAULT_ASSET, withdrawShares } from '@vaultdesk/chain';
import { BATCH_PROGRESS, BATCH_SAVE_FAILED, type ProcessList, type SaveBatchBody } from '@vaultdesk/contract';

export type BatchProgress = { percent: number; step: string; status: 'active' | 'exception' | 'success'; hash?: string; message?: string };
export type BatchRun = {
  provider: EIP1193Provider;
  account: Address;
  chainId: number;
  contracts: { BUSD: string; xBUSD: string };
  list: ProcessList;
  shareWaitMs: number;
  save: (body: SaveBatchBody) => Promise<{ message: string }>;
  onProgress: (p: BatchProgress) => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The server's message of a refused save, else the specification's fallback text. */
const saveFailure = (e: unknown) => (e instanceof Error && e.message && (e as { status?: number }).status ? e.message : BATCH_SAVE_FAILED);

/**
 * The batch as the specification runs it in the browser wallet, with its percentages: started
 * 10, allowance check 20 (approval of 100000 tokens when the allowance is at most the amount),
 * allowance done 30, initial share balance 40, vault deposit (or withdraw of shares, with the
 * 36-decimal maths) 50 before the call, hash received 60 as soon as the wallet returns it, the
 * wait before reading shares (the receipt is awaited meanwhile), share balance after 70, saved
 * 100 — or 90 with the server's message when the save fails.
 */
export async function runBatch(r: BatchRun): Promise<BatchProgress> {
  const wallet = createWalletClient({ account: r.account, transport: custom(r.provider) });
  const reader = createPublicClient({ transport: custom(r.provider) });
  const vault = r.contracts.xBUSD as Address;
  const token = r.contracts.BUSD as Address;
  const amount = parseUnits(r.list.totalAmount, TOKEN_DECIMALS);
  const report = (percent: number, step: string, extra: Partial<BatchProgress> = {}) => {
    const p: BatchProgress = { percent, step, status: 'active', ...extra };
    r.onProgress(p);
    return p;
  };
  const mined = async (hash: `0x${string}`) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 500 });
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
    return receipt;
  };

  report(BATCH_PROGRESS.started, 'Batch started');
  if (r.list.type === 'deposit') {
    report(BATCH_PROGRESS.allowanceCheck, 'Checking allowance');
    const allowance = await reader.readContract({ address: token, abi: testTokenAbi, functionName: 'allowance', args: [r.account, vault] });
    if (allowance <= amount) {
      const approval = await wallet.writeContract({ address: token, abi: testTokenAbi, functionName: 'approve', args: [vault, APPROVAL_TOKENS * 10n ** BigInt(TOKEN_DECIMALS)], chain: null });
      await mined(approval);
    }
  }
  report(BATCH_PROGRESS.allowanceDone, 'Allowance done');
  const initShares = await reader.readContract({ address: vault, abi: vaultAbi, functionName: 'balanceOf', args: [r.account] });
  const price = await reader.readContract({ address: vault, abi: vaultAbi, functionName: 'getPricePerFullShare' });
  report(BATCH_PROGRESS.initialShares, 'Initial share balance read');
  // Spec §4: "deposit 50%" as the vault call goes to the wallet, "hash received 60%" as soon as the
  // wallet returns the hash; the receipt (gas and block for the save) is awaited during the wait.
  report(BATCH_PROGRESS.sent, r.list.type === 'deposit' ? 'Depositing into the vault' : 'Withdrawing from the vault');
  const hash = r.list.type === 'deposit'
    ? await wallet.writeContract({ address: vault, abi: vaultAbi, functionName: 'deposit', args: [amount], chain: null })
    : await wallet.writeContract({ address: vault, abi: vaultAbi, functionName: 'withdraw', args: [withdrawShares(amount, price, initShares)], chain: null });
  report(BATCH_PROGRESS.hashReceived, 'Hash received', { hash });
  const [receipt] = await Promise.all([mined(hash), sleep(r.shareWaitMs)]);
  const finalShares = await reader.readContract({ address: vault, abi: vaultAbi, functionName: 'balanceOf', args: [r.account] });
  report(BATCH_PROGRESS.sharesAfter, 'Share balance after read', { hash });
  try {
    const saved = await r.save({
      transactionHash: hash,
      action: r.list.type,
      planIdAndType: r.list.items.map((i) => `${i.planId} ${i.planType} ${i._id}`),
      pricePerFullShare: price.toString(),
      initShares: initShares.toString(),
      finalShares: finalShares.toString(),
      protocolName: VAULT_ASSET.protocolName,
      network: r.chainId,
      amount: r.list.totalAmount,
      gasUsed: receipt.gasUsed.toString(),
      block: receipt.blockNumber.toString(),
      processListId: r.list._id,
    });
    return report(BATCH_PROGRESS.saved, 'Batch saved', { status: 'success', hash, message: saved.message });
  } catch (e) {
    return report(BATCH_PROGRESS.saveFailed, 'Saving the batch failed', { status: 'exception', hash, message: saveFailure(e) });
  }
}
