import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.server';

describe('configuration', () => {
  it('runs with no variables at all, in local mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedDir).toMatch(/data\/postgres$/);
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'not-an-email' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SUPPORT_EMAIL: 'not-an-email' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('SUPPORT_EMAIL');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', APP_URL: '' }).database.url).toBeUndefined();
  });
});
