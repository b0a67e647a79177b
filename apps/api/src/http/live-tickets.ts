import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_TICKET_PATTERN, LIVE_TICKET_TTL_MS } from '@vaultdesk/contract';

export type LiveTickets = {
  /** A ticket that opens one stream for this session within LIVE_TICKET_TTL_MS. */
  issue: (sessionId: string) => { ticket: string; expiresIn: number };
  /** The session id the ticket was issued to, or null when it is forged, malformed or expired. */
  verify: (ticket: string) => string | null;
};

/**
 * Stream tickets: the browser's EventSource cannot send the bearer header, and the bearer token
 * must not travel in a URL (proxy and access logs keep URLs). So the page asks, with its bearer
 * token, for a ticket: the session id and an expiry half a minute ahead, signed with a key derived
 * from SECRETS_KEY (the same on every instance, so any instance accepts it). Opening the stream
 * with it still loads the session, so a signed-out or disabled session is refused as with a token.
 */
export function createLiveTickets(secretsKey: Buffer, now: () => number = Date.now): LiveTickets {
  const key = createHmac('sha256', secretsKey).update('vaultdesk live stream tickets v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(sessionId) {
      const expiresIn = now() + LIVE_TICKET_TTL_MS;
      const body = `v1.${sessionId.replace(/-/g, '').toLowerCase()}.${expiresIn.toString(36)}`;
      return { ticket: `${body}.${mac(body)}`, expiresIn };
    },
    verify(ticket) {
      if (!LIVE_TICKET_PATTERN.test(ticket)) return null;
      const cut = ticket.lastIndexOf('.');
      const body = ticket.slice(0, cut);
      const given = Buffer.from(ticket.slice(cut + 1));
      const expected = Buffer.from(mac(body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [, hex, expiry] = body.split('.') as [string, string, string];
      if (parseInt(expiry, 36) <= now()) return null;
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
