import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createGuardedClient } from './guarded-request.js';

describe('audio proxy settings', () => {
  it('default to Deezer’s CDN on port 443, nothing trusted, 20 MB and 60 s', () => {
    expect(loadConfig({}).audioProxy).toEqual({ allowedHosts: ['*.dzcdn.net'], trustedAddresses: [], caFile: undefined, maxBytes: 20 * 1024 * 1024, timeoutMs: 60_000 });
  });

  it('read comma-separated lists', () => {
    const settings = loadConfig({ AUDIO_PROXY_ALLOWED_HOSTS: '*.dzcdn.net, media.example.com:8443', AUDIO_PROXY_TRUSTED_ADDRESSES: '127.0.0.1,10.0.0.0/8' }).audioProxy;
    expect(settings.allowedHosts).toEqual(['*.dzcdn.net', 'media.example.com:8443']);
    expect(settings.trustedAddresses).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it.each([
    ['AUDIO_PROXY_ALLOWED_HOSTS', '*.dzcdn.net,*', '"*" is not a host'],
    ['AUDIO_PROXY_ALLOWED_HOSTS', 'https://cdn.example.com/', 'is not a host'],
    ['AUDIO_PROXY_ALLOWED_HOSTS', '*.com', 'a wildcard needs a domain of at least two labels'],
    ['AUDIO_PROXY_TRUSTED_ADDRESSES', 'localhost', '"localhost" is not an IP address'],
    ['AUDIO_PROXY_TRUSTED_ADDRESSES', '10.0.0.0/40', 'prefix length'],
    ['AUDIO_PROXY_MAX_MB', '0', 'AUDIO_PROXY_MAX_MB'],
    ['AUDIO_PROXY_TIMEOUT_MS', '10', 'AUDIO_PROXY_TIMEOUT_MS'],
  ])('refuse %s=%s at start, naming the setting and the entry', (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
    expect(() => loadConfig({ [name]: value })).toThrow(reason);
  });

  it('refuse at start an AUDIO_PROXY_CA_FILE that is missing or holds no certificate', () => {
    const settings = { ...loadConfig({}).audioProxy };
    const notPem = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kora-ca-')), 'ca.pem');
    fs.writeFileSync(notPem, 'not a certificate\n');
    expect(() => createGuardedClient({ ...settings, caFile: `${notPem}.missing` })).toThrow(ConfigError);
    expect(() => createGuardedClient({ ...settings, caFile: `${notPem}.missing` })).toThrow('AUDIO_PROXY_CA_FILE: cannot read');
    expect(() => createGuardedClient({ ...settings, caFile: notPem })).toThrow('does not hold a PEM certificate');
    fs.rmSync(path.dirname(notPem), { recursive: true });
  });
});
