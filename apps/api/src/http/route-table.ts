import type { Permission } from '@vaultdesk/contract';

/**
 * What a route needs: `public` (no session) or a permission from the catalogue.
 * `allowWithout2FA` lets a session whose account has yet to enable two-factor through
 * (only the enable-2fa flow, the own profile and sign-out); `allowWithPasswordChange` lets a
 * session that must change its password through.
 */
export type RouteAccess = {
  permission: Permission | 'public';
  allowWithout2FA?: boolean;
  allowWithPasswordChange?: boolean;
};

export type RouteEntry = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
