/**
 * The SELECT behind each exportable report is written by the report's own area in the API,
 * beside its list call and from the same filter, and registered here; the export job looks it up
 * by report kind. Values are inlined as escaped literals (`Literal`) because COPY takes no bind
 * parameters; every value was validated by the report's contract schema before it was stored
 * with the export. Columns keep their database types: the CSV writer turns every cell into what a
 * person reads by one rule for all reports (csv-cells.ts), formula guard included.
 */
import type { ExportReport } from '@vaultdesk/contract';

export type Literal = (value: string) => string;
export type ExportParams = Record<string, unknown>;
/** A report's export SELECT, from the filter kept with the export. Throws on a parameter that is not what its list accepts. */
export type ExportQuery = (params: ExportParams, lit: Literal) => string;
export type ExportQueries = Partial<Record<ExportReport, ExportQuery>>;

const registry = new Map<string, ExportQuery>();

/** Registers (or registers again, the same) the export SELECTs of one or more reports. */
export function registerExportQueries(queries: ExportQueries) {
  for (const [report, build] of Object.entries(queries)) if (build) registry.set(report, build);
}

export function exportSelect(report: string, params: ExportParams, lit: Literal) {
  const build = registry.get(report);
  if (!build) throw new Error(`no export for report ${report}`);
  return build(params, lit);
}
