import {
  custodialAddresses,
  dashboardTrends,
  envelope,
  overallPlans,
  overallWalletBalances,
  sharePrices,
  sharePricesQuery,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createChainReader } from '../../chain/custodial-chain';
import { createTreasuryService } from './treasury.service';

export function treasuryRoutes(app: App, { db, config }: Deps) {
  const service = createTreasuryService(db, createChainReader(config.chain), config.dashboardCacheSeconds * 1000);

  app.get(
    '/v1/admin/overall-plans',
    {
      schema: {
        tags: ['treasury'],
        summary: 'Savings plan counts and the USD value of active plans',
        response: { 200: envelope(overallPlans) },
      },
      config: { access: { permission: 'treasury.read' } },
    },
    async () => ok(await service.overallPlans()),
  );

  app.get(
    '/v1/admin/overall-wallet-balances',
    {
      schema: {
        tags: ['treasury'],
        summary: "Customers' balances per currency, unsettled custodial balances, total USD value",
        response: { 200: envelope(overallWalletBalances) },
      },
      config: { access: { permission: 'treasury.read' } },
    },
    async () => ok(await service.overallWalletBalances()),
  );

  app.get(
    '/v1/custodialWallet/get-addresses',
    {
      schema: {
        tags: ['treasury'],
        summary: 'Custodial wallets with their balances, on chain or from the last snapshot',
        response: { 200: envelope(custodialAddresses) },
      },
      config: { access: { permission: 'treasury.read' } },
    },
    async (req) => ok(await service.custodialAddresses(req.log)),
  );

  app.get(
    '/v1/dashboard/share-prices',
    {
      schema: {
        tags: ['treasury'],
        summary: 'Share price history of a protocol, newest first',
        querystring: sharePricesQuery,
        response: { 200: envelope(sharePrices) },
      },
      config: { access: { permission: 'treasury.read' } },
    },
    async (req) => ok(await service.sharePrices(req.query.protocol)),
  );

  // Not in the specification: the data of the dashboard's two trend charts.
  app.get(
    '/v1/admin/dashboard-trends',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Daily sign-ups and savings volume (USD) of the last 30 UTC days',
        response: { 200: envelope(dashboardTrends) },
      },
      config: { access: { permission: 'dashboard.read' } },
    },
    async () => ok(await service.trends()),
  );
}
