import { isIP } from 'node:net';
import { WEBHOOK_URL_MAX } from '@vaultdesk/contract';

/** Loopback, private (RFC 1918, unique local) and link-local literal addresses, and `localhost`. */
function localHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const kind = isIP(host);
  if (kind === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  if (kind === 6) {
    if (host === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped) return localHost(mapped[1]!);
    return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
  }
  return false;
}

/**
 * The one webhook address rule (the Integrations screen's create and update; a delivery may check
 * it again): https anywhere; plain http only to a loopback or private address, and only when
 * `allowHttp` (INTEGRATIONS_ALLOW_HTTP_WEBHOOKS, off in production by default). No credentials, no
 * fragment, at most WEBHOOK_URL_MAX characters. Null when the address is fine, else why not.
 */
export function webhookUrlProblem(raw: string, { allowHttp }: { allowHttp: boolean }): string | null {
  if (raw.length > WEBHOOK_URL_MAX) return `The webhook URL is too long: at most ${WEBHOOK_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The webhook URL is not a valid address';
  }
  if (url.username || url.password) return 'The webhook URL must not carry a user name or password';
  if (raw.includes('#')) return 'The webhook URL must not have a fragment (#)';
  if (url.protocol === 'https:') return null;
  if (url.protocol !== 'http:') return 'The webhook URL must start with https://';
  if (!allowHttp) return 'The webhook URL must use https (plain http is switched off on this server)';
  if (!localHost(url.hostname))
    return 'Plain http is only allowed to a loopback or private address (localhost, 127.x, 10.x, 172.16-31.x, 192.168.x): use https';
  return null;
}
