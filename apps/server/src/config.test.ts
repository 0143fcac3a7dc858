import { describe, expect, it } from 'vitest';
import { loadConfig, publicUrl } from './config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', ADMIN_USERNAME: 'admin' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT must be a port number \(1-65535\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ connection string$/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 8 characters$/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters$/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ TO_FILL_DIGEST: 'yes' }, /^Invalid configuration: TO_FILL_DIGEST must be on or off$/],
    [{ TO_FILL_DIGEST_HOUR: '24' }, /^Invalid configuration: TO_FILL_DIGEST_HOUR must be an hour \(0-23\)$/],
    [{ TO_FILL_DIGEST_HOUR: '7.5' }, /^Invalid configuration: TO_FILL_DIGEST_HOUR must be an hour \(0-23\)$/],
    [{ CANCEL_NOTICE_HOURS: '-1' }, /^Invalid configuration: CANCEL_NOTICE_HOURS must be a number of hours \(0-720\)$/],
    [
      { CANCEL_NOTICE_HOURS: 'soon' },
      /^Invalid configuration: CANCEL_NOTICE_HOURS must be a number of hours \(0-720\)$/,
    ],
    [
      { PUBLIC_URL: 'ritim.example.com' },
      /^Invalid configuration: PUBLIC_URL must be an http:\/\/ or https:\/\/ address$/,
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps the to-fill digest off unless asked, at 08:00 by default', () => {
    expect(loadConfig({})).toMatchObject({ TO_FILL_DIGEST: 'off', TO_FILL_DIGEST_HOUR: 8 });
    expect(loadConfig({ TO_FILL_DIGEST: 'on', TO_FILL_DIGEST_HOUR: '0' })).toMatchObject({
      TO_FILL_DIGEST: 'on',
      TO_FILL_DIGEST_HOUR: 0,
    });
  });

  it('counts a guest’s "no" as in time up to 24 hours before the start unless CANCEL_NOTICE_HOURS says', () => {
    expect(loadConfig({}).CANCEL_NOTICE_HOURS).toBe(24);
    expect(loadConfig({ CANCEL_NOTICE_HOURS: '48' }).CANCEL_NOTICE_HOURS).toBe(48);
  });

  it('links messages to PUBLIC_URL, else to the address the server listens on', () => {
    expect(publicUrl(loadConfig({}))).toBe('http://127.0.0.1:3000');
    expect(publicUrl(loadConfig({ PUBLIC_URL: 'https://ritim.example.com/office/' }))).toBe(
      'https://ritim.example.com/office',
    );
    expect(publicUrl(loadConfig({ PUBLIC_URL: ' ', HOST: '10.0.0.5', PORT: '8080' }))).toBe('http://10.0.0.5:8080');
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ', JWT_SECRET: '' });
    expect([config.DATABASE_URL, config.ADMIN_PASSWORD, config.JWT_SECRET]).toEqual([undefined, undefined, undefined]);
  });
});
