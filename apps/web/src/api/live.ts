import { liveTicket, type LiveTopic } from '@vaultdesk/contract';
import { apiRequest } from './client';
import { connectLive as connect, type LiveConnectionOptions } from './live-connection';

const fetchTicket = async (topics: readonly LiveTopic[]) =>
  (await apiRequest('admin/live/ticket', liveTicket, { query: { topics: topics.join(',') } })).data.ticket;

/**
 * The browser's live connection: tickets through the API client (bearer token, 401 signs out),
 * the stream through the browser's own EventSource (same origin: the CSP's connect-src 'self').
 * An EventSource, unlike a streamed fetch, is not "network activity" to tools that wait for the
 * network to settle (Playwright's networkidle), so an open live screen still settles.
 */
export const connectLive = (options: Omit<LiveConnectionOptions, 'getTicket' | 'openEventSource'>) =>
  connect({ ...options, getTicket: fetchTicket, openEventSource: (url) => new EventSource(url) });
