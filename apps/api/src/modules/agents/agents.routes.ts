import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGENT_IMAGE_LIMITS,
  AGENT_SELFIE_SIZE,
  agentIdType,
  agentKycResult,
  agentSelfieQuery,
  agentUserQuery,
  envelope,
  type AgentImageKind,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { uploadPart } from '../../http/api-description';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { createAgentsService } from './agents.service';
import { agentMembershipRoutes } from './agents-membership.routes';
import { agentUserTypeRoutes } from './agents-user-types.routes';

const access = { access: { permission: 'agents.manage' as const } };
const IMAGE_UPLOADED = 'Image Uploaded Successfully';
const CHOOSE_IMAGE = 'Choose an image';
const imageFile = (kind: AgentImageKind, what: string) =>
  uploadPart(
    `${what}: one JPG or PNG file of at most ${AGENT_IMAGE_LIMITS[kind].maxBytes / 1024 / 1024} MB`,
    AGENT_IMAGE_LIMITS[kind].maxBytes,
  );
/** The multipart bodies, for the API description (readUpload reads them). */
const idcardForm = z.object({
  [AGENT_IMAGE_LIMITS.idcard.field]: imageFile('idcard', 'The ID card'),
  idcardType: agentIdType,
});
const selfieForm = z.object({
  [AGENT_IMAGE_LIMITS.selfie.field]: imageFile(
    'selfie',
    `The webcam selfie, ${AGENT_SELFIE_SIZE}x${AGENT_SELFIE_SIZE} pixels`,
  ),
});
const shopForm = z.object({ [AGENT_IMAGE_LIMITS.shop.field]: imageFile('shop', 'The shop image') });

/**
 * Reads a multipart upload: exactly one file in `limit.field`, plus the named text fields. The
 * size limit is enforced while the bytes arrive, so an oversized file is never held whole.
 */
async function readUpload(req: FastifyRequest, kind: AgentImageKind, textFields: string[] = []) {
  const limit = AGENT_IMAGE_LIMITS[kind];
  if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data', { [limit.field]: [CHOOSE_IMAGE] });
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: limit.maxBytes, files: 1, fields: textFields.length + 2, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== limit.field) {
          part.file.resume();
          throw badRequest(`The image goes in the field ${limit.field}`, { [limit.field]: [CHOOSE_IMAGE] });
        }
        bytes = await part.toBuffer();
      } else if (textFields.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(limit.tooLarge, { [limit.field]: [limit.tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one image', { [limit.field]: ['Send one image'] });
    throw error;
  }
  if (!bytes || bytes.length === 0) throw badRequest(CHOOSE_IMAGE, { [limit.field]: [CHOOSE_IMAGE] });
  return { bytes, fields };
}

/** The multipart upload calls, in their own scope: only they accept multipart/form-data. */
async function uploadRoutes(app: App, service: ReturnType<typeof createAgentsService>) {
  await app.register(multipart, {
    limits: {
      fileSize: AGENT_IMAGE_LIMITS.idcard.maxBytes,
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  app.put(
    '/v1/admin/update-agent-idcard',
    {
      schema: {
        tags: ['agents'],
        summary: "Upload an agent's ID card (multipart: cardUrl, idcardType; JPG/PNG under 5 MB)",
        consumes: ['multipart/form-data'],
        querystring: agentUserQuery,
        response: { 200: envelope(agentKycResult) },
      },
      config: { ...access, uploadForm: idcardForm },
    },
    async (req) => {
      const { bytes, fields } = await readUpload(req, 'idcard', ['idcardType']);
      const idType = agentIdType.safeParse(fields.idcardType);
      if (!idType.success) throw badRequest('Choose the ID type', { idcardType: [idType.error.issues[0]!.message] });
      return ok(
        await service.uploadImage(req.query.userid, 'idcard', bytes, requestContext(req), idType.data),
        IMAGE_UPLOADED,
      );
    },
  );

  app.put(
    '/v1/admin/update-shopagent-selfie',
    {
      schema: {
        tags: ['agents'],
        summary: "Upload an agent's selfie (multipart: imageUrl; the 200x200 webcam capture)",
        consumes: ['multipart/form-data'],
        querystring: agentSelfieQuery,
        response: { 200: envelope(agentKycResult) },
      },
      config: { ...access, uploadForm: selfieForm },
    },
    async (req) => {
      const { bytes } = await readUpload(req, 'selfie');
      return ok(await service.uploadImage(req.query.id, 'selfie', bytes, requestContext(req)), IMAGE_UPLOADED);
    },
  );

  app.put(
    '/v1/admin/update-shopImage',
    {
      schema: {
        tags: ['agents'],
        summary: "Upload an agent's shop image (multipart: shopUrl; JPG/PNG under 2 MB)",
        consumes: ['multipart/form-data'],
        querystring: agentUserQuery,
        response: { 200: envelope(agentKycResult) },
      },
      config: { ...access, uploadForm: shopForm },
    },
    async (req) => {
      const { bytes } = await readUpload(req, 'shop');
      return ok(await service.uploadImage(req.query.userid, 'shop', bytes, requestContext(req)), IMAGE_UPLOADED);
    },
  );
}

export async function agentsRoutes(app: App, { db, files }: Deps) {
  const service = createAgentsService(db, files);

  agentUserTypeRoutes(app, service);
  agentMembershipRoutes(app, service);

  await app.register(async (scope) => uploadRoutes(scope as App, service));
}
