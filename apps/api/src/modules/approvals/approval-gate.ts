import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import {
  APPROVAL_MESSAGES,
  APPROVAL_REASON_HEADER,
  approvalAccepted,
  approvalReason,
  envelope,
  requestHeaders,
  TEXT_LIMITS,
} from '@vaultdesk/contract';
import { z } from 'zod';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import type { ActionDef } from './approval-actions';
import type { createApprovalsService } from './approvals.service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The approval policy's action this route carries out (an area's <area>.approvals.ts): four eyes may hold it back. */
    approval?: string;
  }
}

/** Percent-encoded text may be three bytes per character, and a character up to three of those. */
const REASON_HEADER_MAX = TEXT_LIMITS.note * 9;

const gatedHeaders = requestHeaders.extend({
  [APPROVAL_REASON_HEADER]: z
    .string()
    .max(REASON_HEADER_MAX, `${APPROVAL_REASON_HEADER} is too long`)
    .optional()
    .describe(
      'Why (percent-encoded): needed when the approval policy holds this call back for a second member of staff',
    ),
});

function reasonOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw badRequest('The reason is not percent-encoded text', {
      [APPROVAL_REASON_HEADER]: ['Send the reason percent-encoded (encodeURIComponent)'],
    });
  }
  const parsed = approvalReason.safeParse(text);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Give a reason';
    throw badRequest(message, { [APPROVAL_REASON_HEADER]: [message] });
  }
  return parsed.data;
}

/**
 * Four eyes on the routes whose config names an approval action: before the handler runs, the
 * policy is asked; when it holds the call back, the call is stored as an approval request and
 * answered 202 with its id, and the handler never runs. Each such route also documents the 202,
 * the reason header and the 428 asked for when the reason is missing. Register before the API
 * description and swagger, so the document shows them.
 */
export function registerApprovalGate(
  app: FastifyInstance,
  actions: Record<string, ActionDef>,
  service: ReturnType<typeof createApprovalsService>,
) {
  app.addHook('onRoute', (route) => {
    const key = route.config?.approval;
    if (!key) return;
    const def = actions[key];
    if (!def) throw new Error(`Route ${String(route.method)} ${route.url} names the unknown approval action ${key}`);
    const schema = (route.schema ?? {}) as { response?: Record<number, unknown> };
    route.schema = {
      ...route.schema,
      headers: gatedHeaders,
      response: { ...schema.response, 202: envelope(approvalAccepted) },
    } as typeof route.schema;
    route.config = {
      ...route.config,
      answers: [...(route.config?.answers ?? []), 'APPROVAL_REASON_REQUIRED'],
    } as typeof route.config;
    const gate: preHandlerAsyncHookHandler = async (req, reply) => {
      const accepted = await service.request(
        def,
        key,
        {
          method: req.method,
          url: req.url.split('?')[0]!,
          params: (req.params ?? {}) as Record<string, string>,
          body: (req.body ?? {}) as Record<string, unknown>,
        },
        reasonOf(req.headers[APPROVAL_REASON_HEADER]),
        { ctx: requestContext(req), permissions: req.auth?.permissions ?? [] },
      );
      if (accepted) return reply.code(202).send(ok(accepted, APPROVAL_MESSAGES.requested));
    };
    route.preHandler = [route.preHandler ?? []].flat().concat(gate);
  });
}
