import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

/**
 * A typed client of the Vaultdesk API: openapi-fetch over the types openapi-typescript generates
 * from the API description (schema.ts, `npm run api:client`). Paths, query and body names, and
 * every answer's fields (success and ErrorBody) are checked by the compiler.
 */
export type VaultdeskClient = Client<paths>;
export type ErrorBody = components['schemas']['ErrorBody'];

/** `baseUrl`: the server's origin, e.g. `http://localhost:8080` (every path starts with /v1 or /downloads). */
export function createVaultdeskClient(baseUrl: string): VaultdeskClient & { signIn: (token: string) => void } {
  const client = createClient<paths>({ baseUrl });
  let auth: Middleware | null = null;
  return Object.assign(client, {
    /** Sends `Authorization: Bearer <token>` on every later call (the token from `POST /v1/admin/login`). */
    signIn(token: string) {
      if (auth) client.eject(auth);
      auth = {
        onRequest: ({ request }) => {
          request.headers.set('authorization', `Bearer ${token}`);
          return request;
        },
      };
      client.use(auth);
    },
  });
}
