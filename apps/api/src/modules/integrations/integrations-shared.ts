import { sql } from 'drizzle-orm';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { webhookUrlProblem } from './webhook-url';

/** A service_clients row as the screen reads it (never its secrets). */
export type ClientRow = {
  id: string;
  name: string;
  key_id: string;
  scopes: string[];
  webhook_url: string | null;
  event_types: string[];
  rate_limit_per_minute: number;
  status: 'active' | 'revoked';
  created_at: string;
  created_by_name: string | null;
  updated_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  previous_valid_until: string | null;
  secret_to_reveal: boolean;
};

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The columns of a ClientRow from `service_clients c`, for the staff member `viewerId` (their reveal waiting). */
export const clientColumns = (viewerId: string | null) => sql`
  c.id::text AS id, c.name, c.key_id, c.scopes, c.webhook_url, c.event_types, c.rate_limit_per_minute, c.status,
  ${iso('c.created_at')} AS created_at, (SELECT s.full_name FROM staff s WHERE s.id = c.created_by) AS created_by_name,
  ${iso('c.updated_at')} AS updated_at, ${iso('c.rotated_at')} AS rotated_at, ${iso('c.revoked_at')} AS revoked_at,
  ${iso('c.last_used_at')} AS last_used_at,
  CASE WHEN c.previous_secret_enc IS NOT NULL AND c.previous_secret_expires_at > now()
       THEN ${iso('c.previous_secret_expires_at')} END AS previous_valid_until,
  EXISTS (SELECT 1 FROM service_client_reveals r
           WHERE r.client_id = c.id AND r.reveal_to = ${viewerId}::uuid AND r.revealed_at IS NULL
             AND r.secret_enc IS NOT NULL AND r.expires_at > now()) AS secret_to_reveal`;

export const toRecord = (r: ClientRow): ServiceClientRecord => ({
  _id: r.id,
  name: r.name,
  keyId: r.key_id,
  scopes: r.scopes,
  webhookUrl: r.webhook_url,
  eventTypes: r.event_types,
  rateLimitPerMinute: r.rate_limit_per_minute,
  status: r.status,
  createdAt: r.created_at,
  createdBy: r.created_by_name,
  updatedAt: r.updated_at,
  rotatedAt: r.rotated_at,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
  previousSecretValidUntil: r.previous_valid_until,
  secretToReveal: r.secret_to_reveal,
});

/** What an audit row keeps of a client: its settings, never a secret. */
export const auditView = (c: ServiceClientRecord) => ({
  name: c.name,
  keyId: c.keyId,
  scopes: c.scopes,
  webhookUrl: c.webhookUrl,
  eventTypes: c.eventTypes,
  rateLimitPerMinute: c.rateLimitPerMinute,
  status: c.status,
});

export const clientNotFound = () => new AppError('NOT_FOUND', 'No service client with this id');

/** The client, read (and locked with `lock`) inside `tx`; 404 when there is none. */
export async function readClient(tx: Tx, id: string, viewerId: string | null, lock = false) {
  if (lock) await tx.execute(sql`SELECT 1 FROM service_clients WHERE id = ${id} FOR UPDATE`);
  const { rows } = await tx.execute<ClientRow>(
    sql`SELECT ${clientColumns(viewerId)} FROM service_clients c WHERE c.id = ${id}`,
  );
  if (!rows[0]) throw clientNotFound();
  return toRecord(rows[0]);
}

/** The client, locked, and still active (a revoked client is never edited or rotated: 409). */
export async function activeClient(tx: Tx, id: string, viewerId: string | null) {
  const client = await readClient(tx, id, viewerId, true);
  if (client.status !== 'active') throw conflict('This service client is revoked: it cannot be changed any more');
  return client;
}

/** The webhook rule (webhook-url.ts) as a 400 naming the field. */
export function assertWebhookUrl(config: Config, url: string | null | undefined) {
  if (!url) return;
  const problem = webhookUrlProblem(url, { allowHttp: config.integrations.allowHttpWebhooks });
  if (problem) throw badRequest(problem, { webhookUrl: [problem] });
}

/** A second client with the same name (case-insensitive): 409. */
export function duplicateName(e: unknown): never {
  if (isUniqueViolation(e, 'service_clients_name_uq')) throw conflict('A service client with this name already exists');
  throw e;
}

/** Where the secret of a held create or rotate goes: a one-time reveal for the staff member who asked. */
export type RevealFor = { staffId: string; approvalRequestId: string | null };

/** How long an approved create's or rotate's secret waits for its requester to reveal it. */
export const REVEAL_HOURS = 72;

/** A list of catalogue keys (scopes, event types: no commas or quotes, the contract's enums) as a text[] parameter. */
export const textArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::text[]`;
