import { createPublicClient, createWalletClient, custom, type Address, type EIP1193Provider, type Hash } from 'viem';

/**
 * The staff member's browser wallet as viem sees it: the wallet client that signs and sends, and
 * the reader over the same provider. Imported only by the modules that send (loaded with the first
 * transaction, not with the page).
 */
export const browserWallet = (provider: EIP1193Provider, account: Address) => ({
  wallet: createWalletClient({ account, transport: custom(provider) }),
  reader: chainReader(provider),
});

/** Reads the chain through the browser wallet's provider. */
export const chainReader = (provider: EIP1193Provider) => createPublicClient({ transport: custom(provider) });

/** Waits until the transaction is mined; a reverted one throws "<what> <hash> reverted". */
export const mined = async (reader: ReturnType<typeof chainReader>, hash: Hash, what: string) => {
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 500 });
  if (receipt.status !== 'success') throw new Error(`${what} ${hash} reverted`);
  return receipt;
};
