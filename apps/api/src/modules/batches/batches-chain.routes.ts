import { LOCAL_CHAIN_ID, LOCAL_DEPLOYER, shareWaitMs } from '@vaultdesk/chain';
import { chainConfig, envelope, walletBalances, walletBalancesQuery } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { conflict } from '../../http/errors';
import { createChainReader } from '../../chain/custodial-chain';

/** What the browser wallet and the batch screens read of the chain: its config and a wallet's balances. */
export function batchChainRoutes(app: App, config: Deps['config']) {
  const reader = createChainReader(config.chain);
  const local = config.chain.chainId === LOCAL_CHAIN_ID;

  app.get(
    '/v1/advanced/chain-config',
    {
      schema: {
        tags: ['batches'],
        summary: 'The chain, contracts and batch timing the browser wallet works with',
        response: { 200: envelope(chainConfig) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async () =>
      ok({
        chainId: config.chain.chainId,
        // The browser adds the local chain to the wallet with this URL; public chains use the wallet's own.
        rpcUrl: local ? (config.chain.rpcUrls[0] ?? null) : null,
        contracts: config.chain.tokenAddresses ? { ...config.chain.tokenAddresses } : null,
        operatorAddress: local ? LOCAL_DEPLOYER : null,
        shareWaitSeconds: config.chain.shareWaitSeconds ?? shareWaitMs(config.chain.chainId ?? 0) / 1000,
      }),
  );

  app.get(
    '/v1/advanced/wallet-balances',
    {
      schema: {
        tags: ['batches'],
        summary: 'BUSD, xBUSD, BNB and VLT of a wallet, read on chain',
        querystring: walletBalancesQuery,
        response: { 200: envelope(walletBalances) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => {
      const address = req.query.address ?? (local ? LOCAL_DEPLOYER : null);
      if (!reader || !address) throw conflict('No chain is configured to read wallet balances from');
      const balances = (await reader([address])).get(address)!;
      return ok({
        address,
        BUSD: balances.BUSD,
        xBUSD: balances.xBUSD,
        BNB: balances.BNB,
        VLT: balances.VLT,
        live: true,
      });
    },
  );
}
