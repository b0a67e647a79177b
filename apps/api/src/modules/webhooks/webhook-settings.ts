import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';

/** How the delivery engine runs (config.webhooks, plus what tests shorten). */
export type WebhookSettings = {
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries continue until this long after the first attempt; then the delivery is failed. */
  retryForMs: number;
  /** Deliveries in flight at once; one client holds at most `perClient` of them. */
  concurrency: number;
  perClient: number;
  pollMs: number;
  /**
   * The fan-out re-reads outbox events younger than this on each pass: an event whose transaction
   * took an id early but committed late is still fanned out (ids are not committed in order).
   */
  settleMs: number;
  /** Outbox events read per fan-out pass. */
  fanoutBatch: number;
  /** The key sealing the clients' secrets (config.secretsKey). */
  secretsKey: Buffer;
};

export type WebhookLog = (msg: string, err?: unknown, opts?: { level?: 'warn' | 'error' | 'info' }) => void;
export type WebhookDeps = { db: Db; settings: WebhookSettings; log: WebhookLog };

/** The engine's settings from the configuration; null when WEBHOOKS=false. */
export function webhookSettings(config: Pick<Config, 'webhooks' | 'secretsKey'>): WebhookSettings | null {
  const w = config.webhooks;
  if (!w.enabled) return null;
  return {
    timeoutMs: w.timeoutMs,
    retryBaseMs: w.retryBaseMs,
    retryMaxMs: w.retryMaxMs,
    retryForMs: w.retryForMs,
    concurrency: w.concurrency,
    perClient: Math.max(1, Math.floor(w.concurrency / 4)),
    pollMs: w.pollMs,
    settleMs: 60_000,
    fanoutBatch: 5_000,
    secretsKey: config.secretsKey,
  };
}

/** The delay before retry number `attempts` (1 = after the first failure): doubling, capped, ±20 % jitter. */
export const retryDelayMs = (s: Pick<WebhookSettings, 'retryBaseMs' | 'retryMaxMs'>, attempts: number) => {
  const plain = Math.min(s.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), s.retryMaxMs);
  return Math.round(plain * (0.8 + Math.random() * 0.4));
};
