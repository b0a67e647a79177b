import type { App, Deps } from '../../http/app-types';
import type { ExportsService } from '../exports/exports.service';
import { createComplianceService } from './compliance.service';
import { complianceFraudRoutes } from './compliance-fraud.routes';
import { complianceSavingsRoutes } from './compliance-savings.routes';

export function complianceRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createComplianceService(db);

  complianceFraudRoutes(app, service);
  complianceSavingsRoutes(app, service, exportsService);
}
