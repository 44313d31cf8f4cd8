import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, testMockServer, tokenFor } from '../../../testing/mock-service';

describe('GET /api/v2/sso-providers/{id}/signing-certificate', () => {
  it('answers a PEM certificate per SAML provider, made once, as a download; needs auth.ManageProviders', async () => {
    const mock = testMockServer();
    const admin = await tokenFor(mock, 'admin');
    const res = await call(mock, 'GET', '/api/v2/sso-providers/1/signing-certificate', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="okta-signing-certificate.pem"');
    const pem = String(res.body);
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/);
    const cert = new X509Certificate(pem);
    expect(cert.subject).toBe('CN=okta SAML signing mock.test');
    expect(cert.verify(cert.publicKey)).toBe(true);

    const again = await call(mock, 'GET', '/api/v2/sso-providers/1/signing-certificate', { token: admin });
    expect(again.body).toBe(pem);
    const other = await call(mock, 'GET', '/api/v2/sso-providers/2/signing-certificate', { token: admin });
    expect(other.body).not.toBe(pem);

    expect((await call(mock, 'GET', '/api/v2/sso-providers/3/signing-certificate', { token: admin })).status).toBe(400);
    expect((await call(mock, 'GET', '/api/v2/sso-providers/9/signing-certificate', { token: admin })).status).toBe(404);
    const reader = await tokenFor(mock, 'reader');
    expect((await call(mock, 'GET', '/api/v2/sso-providers/1/signing-certificate', { token: reader })).status).toBe(403);
  });
});
