import { Gauge, type Registry } from 'prom-client';
import {
  envelope,
  LIVE_TOPICS,
  liveStreamQuery,
  liveTicket,
  liveTicketQuery,
  parseLiveTopics,
  type LiveTopic,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import type { AuthState } from '../../http/auth';
import { fileAnswer } from '../../http/api-description';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import type { LiveTickets } from '../../http/live-tickets';
import type { LiveHub } from './live-hub';

/** The topics asked for, once each, after checking the session may read every one of them. */
function topicsFor(auth: AuthState, value: string): LiveTopic[] {
  const topics = parseLiveTopics(value);
  const denied = topics.filter((t) => !auth.permissions.includes(LIVE_TOPICS[t].permission));
  if (denied.length) throw forbidden(`Your role may not follow ${denied.map((t) => LIVE_TOPICS[t].label).join(', ')}`);
  return topics;
}

/**
 * The live screens' stream (docs/decisions/live-screens.md). Neither call is audited: they change
 * nothing and show no record (the stream carries topic names only; the page reads its data
 * through its own, permission-checked calls), as no other read is audited.
 */
export function liveRoutes(app: App, hub: LiveHub, tickets: LiveTickets, metrics?: Registry) {
  if (metrics) {
    new Gauge({
      name: 'vaultdesk_live_streams',
      help: 'Live screen streams open on this instance.',
      registers: [metrics],
      collect() {
        this.set(hub.size());
      },
    });
  }

  app.get(
    '/v1/admin/live/ticket',
    {
      schema: {
        tags: ['live'],
        summary:
          "A ticket that opens the live stream for these topics within 30 seconds (the browser's EventSource cannot send the bearer token)",
        querystring: liveTicketQuery,
        response: { 200: envelope(liveTicket) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req, reply) => {
      const topics = topicsFor(req.auth!, req.query.topics);
      reply.header('cache-control', 'no-store');
      return ok({ ...tickets.issue(req.auth!.sessionId), topics });
    },
  );

  app.get(
    '/v1/admin/live',
    {
      schema: {
        tags: ['live'],
        summary:
          'Server-sent events: "topic X changed" for each topic asked, as changes commit on any instance; refetch through the normal calls',
        description:
          'Authenticated by the bearer token or by `ticket` (from GET /v1/admin/live/ticket). Events: `ready` (data `{ topics }`), ' +
          '`change` (data `{ topic }`), `resync` (refetch every topic: changes may have been missed); a comment line every 20 s. The stream ends ' +
          "when the session ends, loses a topic's permission, or the server shuts down: reconnect with a new ticket.",
        querystring: liveStreamQuery,
        response: {
          200: fileAnswer(
            'text/event-stream',
            'The event stream, open until the client leaves, the session ends or the server stops',
          ),
        },
      },
      config: { access: { permission: 'self.account', streamTicket: true }, stream: true },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const topics = topicsFor(auth, req.query.topics);
      const stream = hub.open(auth.sessionId, topics, auth.expiresAt);
      // The response's close: the page left, the network dropped, or the stream was ended here.
      reply.raw.on('close', () => {
        stream.close();
        // Left by the client before the end: nothing more can be written to it, so its socket goes
        // now (a half-closed one would keep a closing server waiting).
        if (!reply.raw.writableFinished) req.raw.socket?.destroy();
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // Never reused for another request: once the stream ends (shutdown, session over) the socket
          // closes with it, so a closing server does not wait out a keep-alive.
          .header('connection', 'close')
          // Proxies (nginx) would otherwise hold the events back until a buffer fills.
          .header('x-accel-buffering', 'no')
          .send(stream.out)
      );
    },
  );
}
