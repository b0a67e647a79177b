import { createWalletClient, defineChain, fallback, http, type Address, type Hash, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LOCAL_CHAIN_ID } from './chains';
import { CHAIN_READ_POLICY, createChainClient } from './client';

/**
 * The server's one write to a configured chain: the audit trail's anchors
 * (docs/decisions/audit-trail.md). Server-only (`@vaultdesk/chain/write`), so the web app's bundle
 * never carries a signer.
 */

/** The address of the account a private key signs for. */
export const accountOf = (key: Hex): Address => privateKeyToAccount(key).address;

/**
 * Sends a zero-value transaction from the key's account to itself whose data is `data`, and waits
 * for it to be mined. The send is not retried (a second send would be a second transaction); the
 * wait for its receipt is bounded by `timeoutMs`. A reverted transaction throws.
 */
export async function sendDataToSelf(
  rpcUrls: readonly string[],
  chainId: number,
  key: Hex,
  data: Hex,
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<{ hash: Hash; block: bigint; from: Address }> {
  const account = privateKeyToAccount(key);
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [...rpcUrls] } },
  });
  const wallet = createWalletClient({
    account,
    chain,
    transport: fallback(
      rpcUrls.map((url) => http(url, { timeout: CHAIN_READ_POLICY.timeoutMs, retryCount: 0 })),
      { retryCount: 0 },
    ),
  });
  const hash = await wallet.sendTransaction({ to: account.address, value: 0n, data });
  const receipt = await createChainClient(rpcUrls).waitForTransactionReceipt({
    hash,
    pollingInterval: chainId === LOCAL_CHAIN_ID ? 50 : 2_000,
    timeout: timeoutMs,
  });
  if (receipt.status !== 'success') throw new Error(`the transaction ${hash} reverted`);
  return { hash, block: receipt.blockNumber, from: account.address };
}
