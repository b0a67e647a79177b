import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * One request, one id: a UUID made here, or the one a trusted proxy forwards in `X-Request-Id`
 * (its own access log then names the same request). It is returned as `X-Request-Id` on every
 * answer, written on every log line of the request (`requestId`, and `staffId` once the caller is
 * known), into the audit rows the request writes and the jobs it queues.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: a UUID, nginx's 32 hex digits, any token of 8 to 128 safe characters. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

// proxy-addr's named ranges, as TRUST_PROXY accepts them (config.ts, parseTrustProxy).
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Netmask (255.255.0.0) to prefix length (16). */
const maskBits = (mask: string) =>
  mask.split('.').reduce((n, octet) => n + (Number(octet) >>> 0).toString(2).replace(/0/g, '').length, 0);

/** Whether a peer address is one of TRUST_PROXY's addresses or ranges (the list config.ts has checked). */
export function proxyMatcher(trustProxy: readonly string[]): (address: string | undefined) => boolean {
  if (!trustProxy.length) return () => false;
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [base, bits, family] of named) list.addSubnet(base, bits, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, net.isIPv4(prefix) ? maskBits(prefix) : Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket reads ::ffff:10.0.0.5.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4') || list.check(address, 'ipv6');
    return list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: the forwarded id when the peer is a trusted proxy and the header is one
 * well-formed value, otherwise a new UUID (from anyone else the header is ignored, so a caller
 * cannot make its requests look like someone else's).
 */
export function requestIdFor(trustProxy: readonly string[]) {
  const trusted = proxyMatcher(trustProxy);
  return (req: IncomingMessage): string => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && trusted(req.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

const current = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request this code runs for (jobs queued by it carry it), or undefined outside one. */
export const currentRequestId = () => current.getStore()?.requestId;

/**
 * Returns the id on every answer (errors, 404s and static files included: set at onRequest, before
 * anything can answer) and makes it the current one for the handler and everything it awaits.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // After the body is read (its stream events run outside any request's context): the route's own
  // hooks and its handler run inside this call, and so does every promise they create.
  app.addHook('preHandler', (req, _reply, done) => current.run({ requestId: req.id }, done));
}
