import { cidParams } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { fileAnswer } from '../../http/api-description';
import { AppError, forbidden } from '../../http/errors';

/**
 * The app's own IPFS-style gateway: the encrypted bytes of a stored file, to signed-in staff
 * whose role holds the permission recorded with the file. The browser decrypts with the key
 * from the record that uses the file.
 */
export function filesRoutes(app: App, { files }: Deps) {
  app.get(
    '/v1/ipfs/:cid',
    {
      schema: {
        tags: ['files'],
        summary: 'The encrypted bytes of a stored file (KYC image, agent upload)',
        params: cidParams,
        response: {
          200: fileAnswer('application/octet-stream', 'The encrypted bytes (AES-GCM), decrypted by the browser', true),
        },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req, reply) => {
      const file = await files.find(req.params.cid);
      if (!file) throw new AppError('NOT_FOUND', 'No file with this address');
      if (!req.auth?.permissions.includes(file.permission)) throw forbidden('Your role may not open this file');
      // Opened before any header is set: a missing object is answered as an error, not a cut-off body.
      const bytes = await files.readEncrypted(file.cid);
      return (
        reply
          .type('application/octet-stream')
          .header('content-length', String(file.size))
          // A download behind a session: never kept by a cache (the browser fetches it again when shown).
          .header('cache-control', 'no-store')
          .send(bytes)
      );
    },
  );
}
