import type { ExportReport } from '@vaultdesk/contract';
import { registerExportQueries, type ExportQuery } from '@vaultdesk/worker';
import { COMPLIANCE_EXPORTS } from '../compliance/compliance.exports';
import { REFERRALS_EXPORTS } from '../referrals/referrals.exports';
import { REPORTS_EXPORTS } from '../reports/reports.exports';
import { USERS_EXPORTS } from '../users/users.exports';

/** Every exportable report's SELECT, each owned by its area beside its list call: one per report of EXPORT_REPORTS, or this does not compile. */
export const EXPORT_QUERIES = {
  ...REPORTS_EXPORTS,
  ...USERS_EXPORTS,
  ...REFERRALS_EXPORTS,
  ...COMPLIANCE_EXPORTS,
} satisfies Record<ExportReport, ExportQuery>;

/** Registers every area's export with the worker's export job (the API and the worker alone both call it at start). */
export const registerAreaExports = () => registerExportQueries(EXPORT_QUERIES);
