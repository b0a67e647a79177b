import type { App, Deps } from '../../http/app-types';
import { createBatchVerifier, createOutcomeReader } from '../../chain/batch-chain';
import { createBatchesService } from './batches.service';
import { batchChainRoutes } from './batches-chain.routes';
import { batchProcessingRoutes } from './batches-processing.routes';

export function batchesRoutes(app: App, { db, config }: Deps) {
  const service = createBatchesService(
    db,
    createBatchVerifier(config.chain),
    config.chain,
    createOutcomeReader(config.chain),
  );

  batchProcessingRoutes(app, service);
  batchChainRoutes(app, config);
}
