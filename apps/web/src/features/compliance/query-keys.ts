import type { DoubleFundingStatus } from '@vaultdesk/contract';

/** Every compliance read starts with `all`. */
export const complianceKeys = {
  all: ['admin', 'compliance'] as const,
  blacklistedDevices: ['admin', 'compliance', 'blacklisted-devices'] as const,
  blacklistedDevicesPage: (page: number) => ['admin', 'compliance', 'blacklisted-devices', page] as const,
  doubleFundings: (status: DoubleFundingStatus, page: number) =>
    ['admin', 'compliance', 'double-fundings', status, page] as const,
  fundingRequest: (search: unknown) => ['admin', 'compliance', 'funding-request', search] as const,
  locked: ['admin', 'compliance', 'locked'] as const,
  lockedPage: (kind: string, page: number) => ['admin', 'compliance', 'locked', kind, page] as const,
  maturing: (page: number) => ['admin', 'compliance', 'maturing', page] as const,
  watchlist: (page: number) => ['admin', 'compliance', 'watchlist', page] as const,
};
