import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** KEY=value lines, from an environment file or a unit's Environment= lines (comments left out). */
function variables(text: string, prefix = ''): Record<string, string> {
  const lines = text.split('\n').filter((line) => line.startsWith(prefix) && line.includes('=') && !line.startsWith('#'));
  return Object.fromEntries(
    lines.map((line) => {
      const [key, ...value] = line.slice(prefix.length).split('=');
      return [key!, value.join('=')];
    }),
  );
}

const shared = variables(read('deploy/systemd/kora.env'));
const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]));

describe('the shipped systemd units and environment', () => {
  it.each(['kora-web@.service', 'kora-worker.service'])('%s starts a server whose configuration loads', (unit) => {
    const text = read(`deploy/systemd/${unit}`);
    expect(text).toContain('EnvironmentFile=/etc/kora/kora.env');
    const own = variables(text.replaceAll('%i', '3001'), 'Environment=');
    const env = { ...shared, ...own, SMTP_URL: 'smtp://kora@smtp.example.com:587' };
    for (const key of Object.keys(env)) expect(documented, `${key} in README's table of settings`).toContain(key);
    const config = loadConfig(env);
    expect(config.trustProxy).toBe(unit.startsWith('kora-web'));
    expect(config.jobs.enabled).toBe(unit === 'kora-worker.service');
    expect(config.mediaOffload).toBe(unit.startsWith('kora-web') ? 'nginx' : 'none');
    expect(config.seed).toBe('none');
  });
});
