import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../../test/helpers';
import { insertServiceClient, productCall, signedHeaders } from '../../../test/product';

describe('product API signatures', () => {
  const { t, tokens, q } = useTestApp();

  it('answers a correctly signed call with the client it came from', async () => {
    const client = await insertServiceClient(t.db, t.config.secretsKey, { scopes: ['customers.read'] });
    const res = await productCall(t.app, client, 'GET', '/product/v1/client');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: client.name,
      keyId: client.keyId,
      scopes: ['customers.read'],
      rateLimitPerMinute: 600,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a wrong signature, an old timestamp, an unknown or revoked key, missing headers and a staff session', async () => {
    const client = await insertServiceClient(t.db, t.config.secretsKey);
    const wrong = await productCall(t.app, { ...client, secret: 'vds_not-the-secret' }, 'GET', '/product/v1/client');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'The signature does not match the request']);

    const old = await productCall(t.app, client, 'GET', '/product/v1/client', undefined, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/more than 5 minutes/);

    const unknown = await productCall(t.app, { ...client, keyId: 'vdk_unknown' }, 'GET', '/product/v1/client');
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, 'Unknown key']);

    const staff = await t.app.inject({ method: 'GET', url: '/product/v1/client', headers: bearer(tokens.superadmin) });
    expect(staff.statusCode).toBe(401);
    expect(staff.json().message).toMatch(/X-Vaultdesk-Key/);

    await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE id = $1`, [client.id]);
    const revoked = await productCall(t.app, client, 'GET', '/product/v1/client');
    expect([revoked.statusCode, revoked.json().message]).toEqual([401, 'This key is revoked']);
  });

  it('signs the path with its query and the body as sent: a changed byte is refused', async () => {
    const client = await insertServiceClient(t.db, t.config.secretsKey);
    const headers = signedHeaders(client, 'GET', '/product/v1/client?a=1', '');
    const res = await t.app.inject({ method: 'GET', url: '/product/v1/client?a=2', headers });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the previous secret only until its grace period ends', async () => {
    const client = await insertServiceClient(t.db, t.config.secretsKey);
    const fresh = await insertServiceClient(t.db, t.config.secretsKey);
    // The client's secret rotated to `fresh`'s: the old one stays valid for an hour.
    await q(
      `UPDATE service_clients SET previous_secret_enc = secret_enc, previous_secret_expires_at = now() + interval '1 hour',
              secret_enc = (SELECT secret_enc FROM service_clients WHERE id = $2) WHERE id = $1`,
      [client.id, fresh.id],
    );
    expect((await productCall(t.app, client, 'GET', '/product/v1/client')).statusCode).toBe(200);
    expect(
      (await productCall(t.app, { ...client, secret: fresh.secret }, 'GET', '/product/v1/client')).statusCode,
    ).toBe(200);
    await q(`UPDATE service_clients SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [
      client.id,
    ]);
    expect((await productCall(t.app, client, 'GET', '/product/v1/client')).statusCode).toBe(401);
  });

  it('does not serve the web app for an unknown product path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
