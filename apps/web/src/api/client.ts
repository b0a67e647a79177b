import { API_BASE } from '@vaultdesk/contract';
import { getValidSession } from './session';
import { locationHeaders } from './location';

/** An answer other than 2xx, or a call refused before it left the browser (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string[]>;
  /** For an unexpected failure (5xx, or the server not reached): the request's id, for support. */
  readonly reference?: string;

  constructor(status: number, message: string, code: string, fields?: Record<string, string[]>, reference?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.reference = reference;
  }
}

/**
 * The reference of an unexpected failure (5xx): the API's `reference`, else the X-Request-Id the
 * answer carries (a proxy's own 502 or 504 has one when the proxy sets it), else none.
 */
export const referenceOf = (status: number, body: unknown, headers: Headers) => {
  if (status < 500) return undefined;
  const fromBody = (body as { reference?: unknown } | null)?.reference;
  return typeof fromBody === 'string' ? fromBody : (headers.get('x-request-id') ?? undefined);
};

export const NOT_AUTHENTICATED = 'not authenticated';

type ApiEventHandlers = {
  /** A 401, or a call refused because the session is missing or expired. */
  unauthorized: () => void;
  /** A 503: the server is in maintenance. */
  maintenance: () => void;
};

// The app layer installs these: the client knows nothing about routing or caches.
let handlers: ApiEventHandlers = { unauthorized: () => undefined, maintenance: () => undefined };
export const setApiEventHandlers = (next: ApiEventHandlers) => {
  handlers = next;
};

/** The four-eyes hooks: asking the person for a reason (null: they gave up), and a request stored. */
type ApprovalHandlers = {
  askReason: (message: string) => Promise<string | null>;
  requested: (approvalRequestId: string, message: string) => void;
};
let approvalHandlers: ApprovalHandlers = { askReason: async () => null, requested: () => undefined };
export const setApprovalHandlers = (next: ApprovalHandlers) => {
  approvalHandlers = next;
};

/**
 * A call the approval policy held back: it is stored as a request (202) that another member of
 * staff must approve, and nothing was carried out yet. Not a failure: the signed-in shell
 * announces it once, and screens pass over it (`isApprovalRequested`).
 */
export class ApprovalRequestedError extends ApiError {
  readonly approvalRequestId: string;
  constructor(message: string, approvalRequestId: string) {
    super(202, message, 'APPROVAL_REQUESTED');
    this.name = 'ApprovalRequestedError';
    this.approvalRequestId = approvalRequestId;
  }
}
export const isApprovalRequested = (error: unknown): error is ApprovalRequestedError =>
  error instanceof ApprovalRequestedError;

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a FormData for uploads. */
  body?: unknown;
  /** Unauthenticated calls (sign-in, setup confirmation) send no token and skip the 401 sign-out. */
  auth?: boolean;
  signal?: AbortSignal;
};

export type Envelope<T> = { message: string; data: T };

/** For calls whose payload the screen does not read. */
export const anyPayload: Schema<unknown> = { parse: (value) => value };

/** Any contract schema: only its `parse` is needed here, so the app needs no direct zod import. */
export type Schema<T> = { parse: (value: unknown) => T };

const buildUrl = (path: string, query?: Record<string, QueryValue>) => {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    // Proxies answer some failures with HTML; the status alone then tells what happened.
    return null;
  }
};

// The error schema (and zod with it) loads with the first refused call, not with the page.
const parseErrorBody = (json: unknown) =>
  import('./error-body').then(
    (m) => m.errorBody.safeParse(json),
    () => null,
  );

/**
 * The one way the app talks to the API: adds the bearer token and location headers, unwraps
 * `{ message, data }`, validates `data` against the contract schema, and turns 401 into
 * sign-out and 503 into the maintenance page.
 */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options: RequestOptions = {},
  approvalReason?: string,
): Promise<Envelope<T>> {
  const { method = 'GET', query, body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...locationHeaders() };
  if (approvalReason) headers['X-Approval-Reason'] = encodeURIComponent(approvalReason);
  if (auth) {
    const session = getValidSession();
    if (!session) {
      handlers.unauthorized();
      throw new ApiError(0, NOT_AUTHENTICATED, 'UNAUTHENTICATED');
    }
    headers.Authorization = `Bearer ${session.token}`;
  }
  // Uploads go as multipart/form-data: the browser writes the header with its boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  }).catch((error: unknown) => {
    // Cancelled by the screen: not a failure to report. Otherwise no server saw the call: there
    // is no reference to give.
    if (signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new ApiError(0, 'The server could not be reached. Check the connection and try again.', 'NETWORK');
  });
  const json = await readJson(response);

  if (!response.ok) {
    if (response.status === 503) handlers.maintenance();
    if (response.status === 401 && auth) handlers.unauthorized();
    const parsed = await parseErrorBody(json);
    // Four eyes: the policy needs a second member of staff for this call; ask why, then send it again.
    if (
      response.status === 428 &&
      parsed?.success &&
      parsed.data.code === 'APPROVAL_REASON_REQUIRED' &&
      !approvalReason
    ) {
      const reason = await approvalHandlers.askReason(parsed.data.message);
      if (reason) return apiRequest(path, schema, options, reason);
      throw new ApiError(
        428,
        'Not sent: a second member of staff must approve this, and it needs a reason',
        'APPROVAL_REASON_REQUIRED',
      );
    }
    const reference = referenceOf(response.status, json, response.headers);
    if (parsed?.success) {
      throw new ApiError(response.status, parsed.data.message, parsed.data.code, parsed.data.fields, reference);
    }
    throw new ApiError(
      response.status,
      response.statusText || `Request failed (${response.status})`,
      'HTTP_ERROR',
      undefined,
      reference,
    );
  }

  const envelope = json as Partial<Envelope<unknown>> | null;
  // Held back by the approval policy: a 202 whose data names the stored request. Other 202s (a run
  // or an export queued) are ordinary answers.
  const approvalRequestId = (envelope?.data as { approvalRequestId?: unknown } | null)?.approvalRequestId;
  if (response.status === 202 && typeof approvalRequestId === 'string') {
    const id = approvalRequestId;
    const text = typeof envelope?.message === 'string' ? envelope.message : 'Sent for approval';
    approvalHandlers.requested(id, text);
    throw new ApprovalRequestedError(text, id);
  }
  let data: T;
  try {
    data = schema.parse(envelope?.data ?? null);
  } catch (error) {
    // A payload that breaks the contract is a bug on one side: keep the details for developers.
    console.error(`Unexpected answer from ${method} ${path}`, error);
    throw new ApiError(response.status, 'Unexpected answer from the server', 'BAD_RESPONSE');
  }
  return { message: typeof envelope?.message === 'string' ? envelope.message : '', data };
}

/**
 * The message to show for a failed call: the server's own text when it sent one, and for an
 * unexpected failure the reference support looks the request up by ("Reference <id>").
 */
export const errorMessage = (error: unknown) => {
  if (error instanceof ApiError && error.reference) return `${error.message} (Reference ${error.reference})`;
  return error instanceof Error ? error.message : 'something went wrong';
};

/**
 * Raw bytes from a URL: the app's own paths (the file gateway) get the bearer token and the
 * session handling of `apiRequest`; other origins (public IPFS gateways) are fetched plainly.
 */
export async function fetchBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const own = url.startsWith('/');
  const headers: Record<string, string> = {};
  if (own) {
    const session = getValidSession();
    if (!session) {
      handlers.unauthorized();
      throw new ApiError(0, NOT_AUTHENTICATED, 'UNAUTHENTICATED');
    }
    headers.Authorization = `Bearer ${session.token}`;
  }
  const response = await fetch(url, { headers, signal });
  if (!response.ok) {
    if (own && response.status === 401) handlers.unauthorized();
    const json = await readJson(response);
    const parsed = await parseErrorBody(json);
    throw new ApiError(
      response.status,
      parsed?.success ? parsed.data.message : `Request failed (${response.status})`,
      parsed?.success ? parsed.data.code : 'HTTP_ERROR',
      undefined,
      referenceOf(response.status, json, response.headers),
    );
  }
  return response.arrayBuffer();
}

/**
 * Fetches a file the API serves outside the JSON envelope (a CSV export's signed link) with the
 * session's bearer token, and hands it to the browser as a download. Answers the file name.
 */
export async function downloadFile(link: string, fallbackName: string): Promise<string> {
  const session = getValidSession();
  if (!session) {
    handlers.unauthorized();
    throw new ApiError(0, NOT_AUTHENTICATED, 'UNAUTHENTICATED');
  }
  const response = await fetch(link, { headers: { Authorization: `Bearer ${session.token}`, ...locationHeaders() } });
  if (!response.ok) {
    if (response.status === 401) handlers.unauthorized();
    const json = await readJson(response);
    const parsed = await parseErrorBody(json);
    throw new ApiError(
      response.status,
      parsed?.success ? parsed.data.message : `Download failed (${response.status})`,
      parsed?.success ? parsed.data.code : 'HTTP_ERROR',
      undefined,
      referenceOf(response.status, json, response.headers),
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file by the next task; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
