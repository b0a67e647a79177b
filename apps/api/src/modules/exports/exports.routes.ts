import { z } from 'zod';
import { envelope, exportIdParams, exportRecord, exportsPage, exportsQuery } from '@vaultdesk/contract';
import type { ExportFileStore } from '@vaultdesk/worker';
import { fileAnswer } from '../../http/api-description';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createExportsService } from './exports.service';

const downloadParams = z.object({ file: z.string().max(60) });
const downloadQuery = z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/** The list of CSV exports, one export's progress, and the download path of finished files. */
export function exportsRoutes(app: App, { db, config, jobs }: Deps, store: ExportFileStore) {
  const service = createExportsService(db, config, jobs, store);

  app.get(
    '/v1/admin/exports',
    {
      schema: {
        tags: ['exports'],
        summary: "CSV exports, newest first: the caller's own, or everyone's with scope=all",
        querystring: exportsQuery,
        response: { 200: envelope(exportsPage) },
      },
      config: {
        access: { permission: 'self.account', when: { query: 'scope', equals: 'all', permission: 'exports.audit' } },
      },
    },
    async (req) => ok(await service.list(req.auth!, req.query.scope, req.query.page)),
  );

  app.get(
    '/v1/admin/exports/:id',
    {
      schema: {
        tags: ['exports'],
        summary: "One of the caller's exports, with its progress",
        params: exportIdParams,
        response: { 200: envelope(exportRecord) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.get(req.auth!, req.params.id)),
  );

  // Outside /v1, as the specification's static downloads path; still behind the session guard.
  app.get(
    '/downloads/:file',
    {
      schema: {
        tags: ['exports'],
        summary: 'A finished CSV export, for the staff member who asked, with the signed link',
        params: downloadParams,
        querystring: downloadQuery,
        response: { 200: fileAnswer('text/csv', 'The CSV file, as an attachment') },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req, reply) => {
      const { stream, filename } = await service.download(
        requestContext(req),
        req.auth!,
        req.params.file,
        req.query.expires,
        req.query.sig,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  return service;
}
