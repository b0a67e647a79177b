import type { Permission } from '@vaultdesk/contract';

/**
 * What a route needs: `public` (no session) or a permission from the catalogue.
 * `allowWithout2FA` lets a session whose account has yet to enable two-factor through
 * (only the enable-2fa flow, the own profile and sign-out); `allowWithPasswordChange` lets a
 * session that must change its password through.
 */
export type RouteAccess = {
  permission: Permission | 'public';
  /**
   * One query value that asks the same path for something else, under its own permission:
   * `GET admin/roles?kind=customer` lists the customers' roles for users.read, the staff roles
   * without it need admins.read.
   */
  when?: { query: string; equals: string; permission: Permission };
  allowWithout2FA?: boolean;
  allowWithPasswordChange?: boolean;
  /** A session whose role requires a passkey it did not sign in with gets through (passkey registration, own reads). */
  allowWithPasskeySetup?: boolean;
  /**
   * Also accepts a live stream ticket (`?ticket=`, http/live-tickets.ts) in place of the bearer token:
   * the browser's EventSource cannot send headers. Only the live stream route sets it.
   */
  streamTicket?: boolean;
};

/** The permission a request needs: the route's, or its `when` one when the query asks for that. */
export const permissionFor = (access: RouteAccess, query: unknown) =>
  access.when && (query as Record<string, unknown> | undefined)?.[access.when.query] === access.when.equals
    ? access.when.permission
    : access.permission;

/** `approval`: the approval policy's action the route carries out (modules/approvals), when four eyes may hold it back. */
export type RouteEntry = { method: string; url: string; access: RouteAccess; approval?: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A long-lived answer (the live stream): left out of the request latency histogram. */
    stream?: boolean;
  }
}
