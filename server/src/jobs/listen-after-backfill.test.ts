import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

describe('LISTEN_AFTER_BACKFILL', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).listenAfterBackfill).toBe(false);
    expect(loadConfig({ LISTEN_AFTER_BACKFILL: 'true' }).listenAfterBackfill).toBe(true);
  });

  it('is refused without jobs, whose backfill it would wait for for ever', () => {
    expect(() => loadConfig({ LISTEN_AFTER_BACKFILL: 'true', JOBS_ENABLED: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ LISTEN_AFTER_BACKFILL: 'true', JOBS_ENABLED: 'false' })).toThrow(/LISTEN_AFTER_BACKFILL: needs JOBS_ENABLED/);
  });
});
