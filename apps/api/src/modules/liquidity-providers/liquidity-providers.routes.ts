import {
  addProviderBody,
  BRIDGE_NO_DATA,
  bridgeQuery,
  bridgeSellRequest,
  envelope,
  INPUT_A_REFERENCE,
  liquidityProvider,
  providersPage,
  providersQuery,
  updateProviderBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { createLiquidityProvidersService } from './liquidity-providers.service';

export function liquidityProvidersRoutes(app: App, { db }: Deps) {
  const service = createLiquidityProvidersService(db);

  app.get(
    '/v1/advanced/liquidity-providers',
    {
      schema: {
        tags: ['liquidity providers'],
        summary: 'Liquidity providers, most recently edited first',
        querystring: providersQuery,
        response: { 200: envelope(providersPage) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => ok(await service.list(req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/advanced/liquidity-providers',
    {
      schema: {
        tags: ['liquidity providers'],
        summary: 'Add a liquidity provider',
        body: addProviderBody,
        response: { 200: envelope(liquidityProvider) },
      },
      config: { access: { permission: 'providers.manage' } },
    },
    async (req) => ok(await service.add(req.body, requestContext(req)), 'Liquidity provider added'),
  );

  app.put(
    '/v1/advanced/liquidity-providers',
    {
      schema: {
        tags: ['liquidity providers'],
        summary: 'Activate or deactivate a liquidity provider',
        body: updateProviderBody,
        response: { 200: envelope(liquidityProvider) },
      },
      config: { access: { permission: 'providers.manage' } },
    },
    async (req) =>
      ok(
        await service.setActive(req.body.providerId, req.body.isActive, requestContext(req)),
        req.body.isActive ? 'Liquidity provider activated' : 'Liquidity provider deactivated',
      ),
  );

  app.get(
    '/v1/advanced/vlt-bridge',
    {
      schema: {
        tags: ['liquidity providers'],
        summary: 'A bridge sell request by its order reference',
        querystring: bridgeQuery,
        response: { 200: envelope(bridgeSellRequest.nullable()) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => {
      const reference = req.query.orderReference ?? '';
      if (!reference) throw badRequest(INPUT_A_REFERENCE, { orderReference: [INPUT_A_REFERENCE] });
      const found = await service.bridgeRequest(reference);
      return ok(found, found ? 'Search Done' : BRIDGE_NO_DATA);
    },
  );
}
