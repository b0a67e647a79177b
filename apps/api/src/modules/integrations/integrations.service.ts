import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { createClient, type CreateClient } from './create-client';
import type { RevealFor } from './integrations-shared';
import { listClients } from './list-clients';
import { revealSecret } from './reveal-secret';
import { revokeClient } from './revoke-client';
import { rotateSecret } from './rotate-secret';
import { updateClient, type UpdateClient } from './update-client';

/**
 * The Integrations screen's service clients: each call one operation in its own file. Every change
 * locks the client's row, is audited in its transaction, and never writes a secret anywhere but
 * sealed in service_clients (or, for an approved create or rotate, in its one-time reveal).
 */
export function createIntegrationsService(db: Db, config: Config) {
  return {
    list: (viewerId: string | null, page: number, pageSize: number) => listClients(db, viewerId, page, pageSize),
    create: (body: CreateClient, ctx: RequestContext, revealFor?: RevealFor) =>
      createClient(db, config, body, ctx, revealFor),
    update: (id: string, body: UpdateClient, ctx: RequestContext) => updateClient(db, config, id, body, ctx),
    rotate: (id: string, graceHours: number, ctx: RequestContext, revealFor?: RevealFor) =>
      rotateSecret(db, config, id, graceHours, ctx, revealFor),
    revoke: (id: string, ctx: RequestContext) => revokeClient(db, id, ctx),
    reveal: (id: string, ctx: RequestContext) => revealSecret(db, config, id, ctx),
  };
}
