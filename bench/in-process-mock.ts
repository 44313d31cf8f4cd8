/** The mock service as an in-process app (no port), signed in as the seeded administrator: for benches that time whole requests. */
export async function signedInMock() {
  const { createMockServer } = await import('../src/mock-server/app');
  const mock = createMockServer({ jwtSecret: new TextEncoder().encode('bench') }, {});
  const login = await mock.fetch(
    new Request('http://mock/api/v2/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login_method: 'secret', username: 'admin', secret: mock.config.password }),
    }),
  );
  const token = ((await login.json()) as { data: { session_token: string } }).data.session_token;
  return { mock, token };
}
