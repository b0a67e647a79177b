import { LOCAL_CHAIN_ID, LOCAL_DEPLOYER, shareWaitMs } from '@vaultdesk/chain';
import {
  BATCH_SAVED,
  chainConfig,
  envelope,
  processList,
  processListIdBody,
  queueIdBody,
  queueItem,
  recordSentBatchBody,
  saveBatchBody,
  savedBatch,
  SENT_BATCH_ALREADY_RECORDED,
  SENT_BATCH_RECORDED,
  SENT_BATCH_RELEASED,
  walletBalances,
  walletBalancesQuery,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { conflict } from '../../http/errors';
import { createChainReader } from '../../chain/custodial-chain';
import { createBatchVerifier, createOutcomeReader } from '../../chain/batch-chain';
import { createBatchesService } from './batches.service';

export function batchesRoutes(app: App, { db, config }: Deps) {
  const service = createBatchesService(
    db,
    createBatchVerifier(config.chain),
    config.chain,
    createOutcomeReader(config.chain),
  );
  const reader = createChainReader(config.chain);
  const local = config.chain.chainId === LOCAL_CHAIN_ID;

  app.post(
    '/v1/advanced/record-sent-batch',
    {
      schema: {
        tags: ['batches'],
        summary:
          "Record the hash the wallet returned for a process list's batch, before it is saved: the batch is then never sent again (audited as batch.<type>.sent)",
        body: recordSentBatchBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => {
      const { list, recorded } = await service.recordSent(
        req.body.processListId,
        req.body.transactionHash,
        requestContext(req),
      );
      return ok(list, recorded ? SENT_BATCH_RECORDED : SENT_BATCH_ALREADY_RECORDED);
    },
  );

  app.post(
    '/v1/advanced/release-sent-batch',
    {
      schema: {
        tags: ['batches'],
        summary:
          'Release the recorded sent hash of a process list whose transaction reverted on chain (it moved nothing): the batch may be sent again (audited)',
        body: processListIdBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => ok(await service.releaseSent(req.body.processListId, requestContext(req)), SENT_BATCH_RELEASED),
  );

  app.post(
    '/v1/advanced/save-batch',
    {
      schema: {
        tags: ['batches'],
        summary: 'Save a batch sent through the vault, after checking it on chain',
        body: saveBatchBody,
        response: { 200: envelope(savedBatch) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => ok(await service.save(req.body, req.auth!.permissions, requestContext(req)), BATCH_SAVED),
  );

  app.post(
    '/v1/advanced/process-batch',
    {
      schema: {
        tags: ['batches'],
        summary: 'Update Queue and Plans from a saved batch (process list 1 -> 2)',
        body: processListIdBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(await service.process(req.body.processListId, req.auth!.permissions, requestContext(req)), 'Plan updated'),
  );

  app.post(
    '/v1/advanced/update-queue-after-withdrawal',
    {
      schema: {
        tags: ['batches'],
        summary: 'Settle a withdraw item whose process list is finished',
        body: queueIdBody,
        response: { 200: envelope(queueItem) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(await service.updateAfterWithdrawal(req.body.queueId, req.auth!.permissions, requestContext(req)), 'done'),
  );

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
