import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { oneRow, over, type ActionDef, type AreaApprovals } from '../approvals/approvals.service';
import type { CreateClient } from './create-client';
import type { RevealFor } from './integrations-shared';
import { createIntegrationsService } from './integrations.service';
import type { UpdateClient } from './update-client';

type Service = (tx: Tx) => ReturnType<typeof createIntegrationsService>;

async function clientRow(q: Tx, id: string) {
  return oneRow<{ name: string; status: string; updated_at: string }>(
    q,
    sql`SELECT name, status, updated_at::text AS updated_at FROM service_clients WHERE id = ${id}`,
  );
}

/**
 * Who sees a held create's or rotate's secret: the staff member who asked, by a one-time reveal.
 * Never the approver (the approval's answer and stored result carry none) and never the request's
 * payload (the secret is made when the approval carries the action out). The requester's dry run
 * is rolled back: its reveal goes with it.
 */
const revealFor = (ctx: RequestContext, request?: { id: string; requestedBy: string }): RevealFor => ({
  staffId: request?.requestedBy ?? ctx.actor?.id ?? '00000000-0000-0000-0000-000000000000',
  approvalRequestId: request?.id ?? null,
});

const clientSnapshot = async (q: Tx, id: string) => {
  const c = await clientRow(q, id);
  return { "the client's status": c?.status ?? null, 'the client': c?.updated_at ?? null };
};
const named = async (q: Tx, id: string) => (await clientRow(q, id))?.name ?? id;

/** Service clients of the product API (an admins kind: who may act on Vaultdesk from outside). */
export const INTEGRATIONS_APPROVALS: AreaApprovals = (config: Config) => {
  const service: Service = (tx) => createIntegrationsService(over(tx), config);
  const actions: Record<string, ActionDef> = {
    'integrations.create': {
      kind: 'admins',
      permission: 'integrations.manage',
      summary: async (_q, { body }) =>
        `Create the service client ${String(body.name)} with the scopes ${(body.scopes as string[]).join(', ')}`,
      snapshot: async () => ({}),
      execute: (tx, ctx, { body }, _p, request) =>
        service(tx).create(body as CreateClient, ctx, revealFor(ctx, request)),
    },
    'integrations.update': {
      kind: 'admins',
      permission: 'integrations.manage',
      summary: async (q, { params, body }) =>
        `Change the service client ${await named(q, String(params.clientId))}: ${Object.keys(body).join(', ')}`,
      snapshot: (q, { params }) => clientSnapshot(q, String(params.clientId)),
      execute: (tx, ctx, { params, body }) => service(tx).update(String(params.clientId), body as UpdateClient, ctx),
    },
    'integrations.rotate': {
      kind: 'admins',
      permission: 'integrations.manage',
      summary: async (q, { params, body }) =>
        `Rotate the secret of the service client ${await named(q, String(params.clientId))} (the old one valid ${Number(body.graceHours ?? 24)} hours more)`,
      snapshot: (q, { params }) => clientSnapshot(q, String(params.clientId)),
      execute: (tx, ctx, { params, body }, _p, request) =>
        service(tx).rotate(String(params.clientId), Number(body.graceHours ?? 24), ctx, revealFor(ctx, request)),
    },
    'integrations.revoke': {
      kind: 'admins',
      permission: 'integrations.manage',
      summary: async (q, { params }) => `Revoke the service client ${await named(q, String(params.clientId))}`,
      snapshot: (q, { params }) => clientSnapshot(q, String(params.clientId)),
      execute: (tx, ctx, { params }) => service(tx).revoke(String(params.clientId), ctx),
    },
  };
  return actions;
};
