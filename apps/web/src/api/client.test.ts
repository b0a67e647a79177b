import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyPayload, apiRequest, ApiError, errorMessage } from './client';

/**
 * Issue 34, finding 3: an unexpected failure shows the reference support finds the request by
 * (the API's `reference`, which is its X-Request-Id). The answers below are shaped as the API
 * and a proxy give them (apps/api/src/http/request-id.test.ts proves the API's side).
 */
const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(body, { status, headers }));

/** What a screen shows for the failed call (every screen goes through errorMessage). */
const shown = async () => {
  try {
    await apiRequest('admin/things', anyPayload, { auth: false });
  } catch (error) {
    return errorMessage(error);
  }
  throw new Error('the call did not fail');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reference on unexpected errors', () => {
  it("a 500 shows the API's message and its reference", async () => {
    const id = '0b7e3c58-6c47-4b0f-9b9a-7e6c1f0e2d11';
    vi.stubGlobal(
      'fetch',
      answer(500, JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL', reference: id }), {
        'x-request-id': id,
      }),
    );
    expect(await shown()).toBe(`Something went wrong (Reference ${id})`);
  });

  it("a proxy's own 502 page shows the X-Request-Id it answered with", async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad Gateway</html>', { 'x-request-id': 'proxy-4f1c2b7e9d' }));
    expect(await shown()).toMatch(/\(Reference proxy-4f1c2b7e9d\)$/);
  });

  it('a refusal the person can act on (4xx) shows no reference', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, JSON.stringify({ message: 'Already done', code: 'CONFLICT' }), { 'x-request-id': 'some-request-1' }),
    );
    expect(await shown()).toBe('Already done');
  });

  it('a server not reached says so, with no reference (no server saw the call)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await shown()).toBe('The server could not be reached. Check the connection and try again.');
  });

  it('a call the screen cancelled stays a cancellation', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw abort;
      }),
    );
    await expect(apiRequest('admin/things', anyPayload, { auth: false })).rejects.toBe(abort);
    expect(errorMessage(new ApiError(500, 'Something went wrong', 'INTERNAL'))).toBe('Something went wrong');
  });
});
