import { parseUnits, type Address, type EIP1193Provider, type Hash } from 'viem';
import { testTokenAbi, TOKEN_DECIMALS } from '@vaultdesk/chain';
import { browserWallet, mined } from '../../components/wallet/chain-clients';

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
  const { wallet, reader } = browserWallet(t.provider, t.account);
  const hash = await wallet.writeContract({
    address: t.token,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [t.to, parseUnits(t.amount, TOKEN_DECIMALS)],
    chain: null,
  });
  await mined(reader, hash, 'Transfer');
  return hash;
}
