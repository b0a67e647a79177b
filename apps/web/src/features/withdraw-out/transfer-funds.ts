import {
  createPublicClient,
  createWalletClient,
  custom,
  parseUnits,
  type Address,
  type EIP1193Provider,
  type Hash,
} from 'viem';
import { testTokenAbi, TOKEN_DECIMALS } from '@vaultdesk/chain';

/**
 * The payout of a withdrawal-out request from the staff member's browser wallet: a transfer of
 * the final amount of the request's token to its destination address, waited for until mined.
 * Loaded with the first transfer, not with the page.
 */
export async function transferFunds(t: {
  provider: EIP1193Provider;
  account: Address;
  token: Address;
  to: Address;
  amount: string;
}): Promise<Hash> {
  const wallet = createWalletClient({ account: t.account, transport: custom(t.provider) });
  const reader = createPublicClient({ transport: custom(t.provider) });
  const hash = await wallet.writeContract({
    address: t.token,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [t.to, parseUnits(t.amount, TOKEN_DECIMALS)],
    chain: null,
  });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 500 });
  if (receipt.status !== 'success') throw new Error(`Transfer ${hash} reverted`);
  return hash;
}
