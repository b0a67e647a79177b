import type { FastifyRequest } from 'fastify';
import { requestContext, type RequestContext } from '../../http/context';

/** How a service client reads as an actor in the audit trail: `service:<client name>`. */
export const serviceActorEmail = (clientName: string) => `service:${clientName}`;

/**
 * The context a product route writes its audit rows with: the actor is the calling service
 * client (id: its service_clients.id, email column: `service:<name>`, which the audit trail shows
 * as the actor and its Actor filter finds), the ip, user agent and request id of the call.
 */
export function productContext(req: FastifyRequest): RequestContext {
  const client = req.serviceClient;
  if (!client) throw new Error('productContext called outside a verified product route');
  return requestContext(req, { id: client.id, email: serviceActorEmail(client.name) });
}
