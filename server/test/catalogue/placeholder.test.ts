import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/placeholder/{w}/{h}', () => {
  it.each([
    [50, 50],
    [80, 80],
    [250, 250],
    [16, 2000],
  ])('draws a %ix%i PNG, cached for a year', async (width, height) => {
    const response = await get(`/api/placeholder/${width}/${height}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width, height });
  });

  it('answers the same bytes each time, and 304 to a revalidation', async () => {
    const first = await get('/api/placeholder/120/90');
    const second = await get('/api/placeholder/120/90');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers.etag).toBeDefined();
    const revalidated = await get('/api/placeholder/120/90', { cookie, 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect((await get('/api/placeholder/90/120')).headers.etag).not.toBe(first.headers.etag);
  });

  it.each(['15/100', '100/2001', 'abc/100', '100/10.5', '100/-50', '100/1e3'])('refuses %s with a message', async (size) => {
    const response = await get(`/api/placeholder/${size}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Width and height must be whole numbers from 16 to 2000.' });
  });

  it('needs a session', async () => {
    expect((await get('/api/placeholder/50/50', {})).statusCode).toBe(401);
  });
});
