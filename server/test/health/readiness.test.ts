import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without a session and without asking any dependency', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('leaves Redis out of readiness when none is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('redis');
  });
});

describe.runIf(redisUrl)('readiness with Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl });
  });
  afterAll(() => t.close());

  it('checks Redis, and names it only to a caller on this machine', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json()).toMatchObject({ status: 'ok', redis: { ok: true, kind: 'redis' } });
    const remote = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '203.0.113.9' });
    expect(remote.json()).toMatchObject({ status: 'ok', redis: { ok: true } });
    expect(remote.json().redis).not.toHaveProperty('kind');
  });
});

describe('readiness when Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('is not ready, says which dependency fails, and answers within the probe timeout', async () => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready', remoteAddress: '127.0.0.1' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ status: 'degraded', database: { ok: true }, media: { ok: true }, redis: { ok: false, kind: 'redis' } });
    expect(body.redis.message).toEqual(expect.any(String));
    // The process itself is fine: liveness does not restart it for a dependency.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('readiness while draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 draining once the process is asked to stop, while still live and still serving', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    t.app.serving.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining', database: { ok: true }, media: { ok: true } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'draining@example.com', password: 'durable-password', firstName: 'Drain', lastName: 'Ing' },
    });
    expect(signup.statusCode).toBe(201);
  });
});
