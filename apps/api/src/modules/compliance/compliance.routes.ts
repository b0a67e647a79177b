import {
  addBlacklistedDeviceBody,
  blacklistedDevice,
  blacklistedDevices,
  blacklistQuery,
  COMPLIANCE_MESSAGES,
  doubleFundingQuery,
  doubleFundings,
  envelope,
  EXPORT_STARTED,
  exportStarted,
  fundingRequestQuery,
  fundingRequests,
  lockedSavings,
  lockedSavingsQuery,
  maturingPlans,
  maturingPlansQuery,
  updateBlacklistedDeviceBody,
  watchlist,
  WATCHLIST_PAGE_SIZE,
  watchlistQuery,
} from '@vaultdesk/contract';
import { z } from 'zod';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { ExportsService } from '../exports/exports.service';
import { createComplianceService } from './compliance.service';

export function complianceRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createComplianceService(db);

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

  app.get(
    '/v1/admin/locked-fixed-savings',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Fixed savings plans locked now or unlocked since',
        querystring: lockedSavingsQuery,
        response: { 200: envelope(lockedSavings) },
      },
      config: { access: { permission: 'compliance.read' } },
    },
    async (req) => ok(await service.lockedFixedSavings(req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/admin/locked-flexible-savings',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Flexible savings plans locked now or unlocked since',
        querystring: lockedSavingsQuery,
        response: { 200: envelope(lockedSavings) },
      },
      config: { access: { permission: 'compliance.read' } },
    },
    async (req) => ok(await service.lockedFlexibleSavings(req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/admin/funding-request',
    {
      schema: {
        tags: ['compliance'],
        summary:
          'Funding requests by customer e-mail, transaction hash or receiving address; download=true exports every one found as CSV',
        querystring: fundingRequestQuery,
        response: { 200: envelope(z.union([fundingRequests, exportStarted])) },
      },
      config: { access: { permission: 'funding.read' } },
    },
    async (req) => {
      if (req.query.download) {
        const { download: _download, ...search } = req.query;
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'funding-requests', search),
          EXPORT_STARTED,
        );
      }
      const found = await service.fundingRequests(req.query);
      return ok(found, found.records.length ? COMPLIANCE_MESSAGES.fetched : COMPLIANCE_MESSAGES.noFundingRequest);
    },
  );

  app.get(
    '/v1/advanced/plans-about-to-mature',
    {
      schema: {
        tags: ['compliance'],
        summary:
          'Fixed plans whose lock ends within a week or has ended, not yet withdrawn; download=true exports every one as CSV',
        querystring: maturingPlansQuery,
        response: { 200: envelope(z.union([maturingPlans, exportStarted])) },
      },
      config: { access: { permission: 'funding.read' } },
    },
    async (req) => {
      // The window is the week from the moment asked, kept with the export.
      if (req.query.download)
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'plans-about-to-mature', {
            asOf: new Date().toISOString(),
          }),
          EXPORT_STARTED,
        );
      return ok(await service.maturingPlans(req.query.page, req.query.pageSize));
    },
  );
}
