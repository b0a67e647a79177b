import {
  addBlacklistedDeviceBody,
  blacklistedDevice,
  blacklistedDevices,
  blacklistQuery,
  COMPLIANCE_MESSAGES,
  doubleFundingQuery,
  doubleFundings,
  envelope,
  updateBlacklistedDeviceBody,
  watchlist,
  WATCHLIST_PAGE_SIZE,
  watchlistQuery,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createComplianceService } from './compliance.service';

/** Fraud: blacklisted devices, the watchlist, double fundings. */
export function complianceFraudRoutes(app: App, service: ReturnType<typeof createComplianceService>) {
  app.get(
    '/v1/advanced/blacklisted-device',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Blacklisted and de-listed devices, newest first',
        querystring: blacklistQuery,
        response: { 200: envelope(blacklistedDevices) },
      },
      config: { access: { permission: 'devices.blacklist' } },
    },
    async (req) => ok(await service.blacklistedDevices(req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/advanced/blacklisted-device',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Blacklist a device (optionally naming the customer by id, username or e-mail)',
        body: addBlacklistedDeviceBody,
        response: { 200: envelope(blacklistedDevice) },
      },
      config: { access: { permission: 'devices.blacklist' }, approval: 'device.add' },
    },
    async (req) =>
      ok(await service.addBlacklistedDevice(requestContext(req), req.body), COMPLIANCE_MESSAGES.blacklistAdded),
  );

  app.put(
    '/v1/advanced/blacklisted-device',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Blacklist or de-list a listed device',
        body: updateBlacklistedDeviceBody,
        response: { 200: envelope(blacklistedDevice) },
      },
      config: { access: { permission: 'devices.blacklist' }, approval: 'device.set' },
    },
    async (req) =>
      ok(await service.setBlacklisted(requestContext(req), req.body), COMPLIANCE_MESSAGES.blacklistUpdated),
  );

  app.get(
    '/v1/security/retrieve-watchlist',
    {
      schema: {
        tags: ['compliance'],
        summary: 'The fraud watchlist: watchlisted users, newest first',
        querystring: watchlistQuery,
        response: { 200: envelope(watchlist) },
      },
      config: { access: { permission: 'fraud.read' } },
    },
    async (req) => ok(await service.watchlist(req.query.page, WATCHLIST_PAGE_SIZE)),
  );

  app.get(
    '/v1/admin/compliance/double-fundings',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Double funding records, pending or deleted',
        querystring: doubleFundingQuery,
        response: { 200: envelope(doubleFundings) },
      },
      config: { access: { permission: 'compliance.read' } },
    },
    async (req) => ok(await service.doubleFundings(req.query.status, req.query.page, req.query.pageSize)),
  );
}
