import { z } from 'zod';
import { ALL_PRODUCT_SCOPES } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';

const clientSelf = z.object({
  name: z.string(),
  keyId: z.string(),
  scopes: z.array(z.enum(ALL_PRODUCT_SCOPES as [string, ...string[]])),
  rateLimitPerMinute: z.number().int(),
});

/** The product API's own description of the caller: the first signed call a backend makes. */
export function productApiRoutes(app: App) {
  app.get(
    '/product/v1/client',
    {
      schema: {
        tags: ['product API'],
        summary: 'The calling service client: its name, key id, scopes and rate limit (proves the signature works)',
        response: { 200: clientSelf },
      },
      config: { productScope: 'any' },
    },
    async (req) => {
      const client = req.serviceClient!;
      return {
        name: client.name,
        keyId: client.keyId,
        scopes: client.scopes,
        rateLimitPerMinute: client.rateLimitPerMinute,
      };
    },
  );
}
