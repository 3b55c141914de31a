import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { accountLink, createLinkToken } from './account-links.js';
import { hashSessionToken } from '../auth/session-token.js';

describe('account links', () => {
  it('carry a fresh 256-bit token in the fragment of an app page on the given origin', () => {
    const first = createLinkToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.tokenHash).toBe(hashSessionToken(first.token));
    expect(createLinkToken().token).not.toBe(first.token);
    expect(accountLink('https://kora.example', '/reset-password', first.token)).toBe(`https://kora.example/reset-password#token=${first.token}`);
  });
});

describe('the origin of links', () => {
  const smtp = { SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'Kora <no-reply@kora.example>' };

  it('is PUBLIC_ORIGIN, reduced to its origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://kora.example/some/path?x=1' }).linkOrigin).toBe('https://kora.example');
    expect(loadConfig({ ...smtp, PUBLIC_ORIGIN: 'https://kora.example' }).linkOrigin).toBe('https://kora.example');
  });

  it('is this machine’s app without it: Vite’s under npm run dev, else the server’s own port', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).linkOrigin).toBe('http://localhost:5173');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4000' }).linkOrigin).toBe('http://localhost:4000');
    expect(loadConfig({}).linkOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development', ...smtp }).linkOrigin).toBe('http://localhost:5173');
  });

  it('must be set in production when e-mail goes out, and be http(s)', () => {
    expect(() => loadConfig(smtp)).toThrow(/PUBLIC_ORIGIN: needed with SMTP_URL in production/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://kora.example' })).toThrow(/PUBLIC_ORIGIN: must be an http/);
  });
});
