import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config.js';
import { loadTransportConfig, parseMailAddress } from './config.js';

const smtp = { MESSAGE_TRANSPORT: 'smtp', SMTP_HOST: 'mail.example.com', SMTP_FROM: 'ritim@example.com' };
const whatsapp = { MESSAGE_TRANSPORT: 'whatsapp', WHATSAPP_API_URL: 'http://127.0.0.1:3001' };
const webhook = {
  MESSAGE_TRANSPORT: 'webhook',
  WEBHOOK_URL: 'https://hooks.example.com/ritim',
  WEBHOOK_SECRET: 's'.repeat(16),
};

describe('loadTransportConfig', () => {
  it('defaults to the file transport, also when MESSAGE_TRANSPORT is blank', () => {
    expect(loadTransportConfig({})).toEqual({ transport: 'file' });
    expect(loadTransportConfig({ MESSAGE_TRANSPORT: ' ' })).toEqual({ transport: 'file' });
    expect(loadTransportConfig({ MESSAGE_TRANSPORT: 'FILE' })).toEqual({ transport: 'file' });
  });

  it('reads smtp with its defaults: port 587, STARTTLS, no login', () => {
    expect(loadTransportConfig(smtp)).toEqual({
      transport: 'smtp',
      host: 'mail.example.com',
      port: 587,
      secure: false,
      from: { address: 'ritim@example.com' },
    });
  });

  it('reads every smtp variable; port 465 means TLS unless SMTP_SECURE says otherwise', () => {
    const env = {
      ...smtp,
      SMTP_PORT: '465',
      SMTP_USER: 'ritim',
      SMTP_PASSWORD: ' p w ',
      SMTP_FROM: 'Ritim Office <office@example.com>',
    };
    expect(loadTransportConfig(env)).toEqual({
      transport: 'smtp',
      host: 'mail.example.com',
      port: 465,
      secure: true,
      auth: { user: 'ritim', password: ' p w ' },
      from: { name: 'Ritim Office', address: 'office@example.com' },
    });
    expect(loadTransportConfig({ ...env, SMTP_SECURE: 'FALSE' })).toMatchObject({ port: 465, secure: false });
    expect(loadTransportConfig({ ...smtp, SMTP_SECURE: 'true' })).toMatchObject({ port: 587, secure: true });
  });

  it('reads whatsapp with the default session and a base URL ending in /', () => {
    expect(loadTransportConfig(whatsapp)).toEqual({
      transport: 'whatsapp',
      apiUrl: 'http://127.0.0.1:3001/',
      session: 'default',
    });
    expect(
      loadTransportConfig({
        ...whatsapp,
        WHATSAPP_API_URL: 'https://wa.example.com/waha/',
        WHATSAPP_API_KEY: 'key',
        WHATSAPP_SESSION: 'office',
      }),
    ).toEqual({ transport: 'whatsapp', apiUrl: 'https://wa.example.com/waha/', apiKey: 'key', session: 'office' });
  });

  it('reads webhook', () => {
    expect(loadTransportConfig(webhook)).toEqual({
      transport: 'webhook',
      url: 'https://hooks.example.com/ritim',
      secret: 's'.repeat(16),
    });
  });

  it('ignores the variables of transports that are not chosen', () => {
    expect(loadTransportConfig({ SMTP_PORT: 'x', WEBHOOK_URL: 'nope' })).toEqual({ transport: 'file' });
  });

  it.each([
    [{ MESSAGE_TRANSPORT: 'email' }, 'MESSAGE_TRANSPORT must be one of file, smtp, whatsapp, webhook'],
    [{ ...smtp, SMTP_HOST: undefined }, 'SMTP_HOST is required when MESSAGE_TRANSPORT is smtp'],
    [{ ...smtp, SMTP_HOST: '  ' }, 'SMTP_HOST is required when MESSAGE_TRANSPORT is smtp'],
    [{ ...smtp, SMTP_PORT: 'smtp' }, 'SMTP_PORT must be a port number (1-65535)'],
    [{ ...smtp, SMTP_PORT: '0' }, 'SMTP_PORT must be a port number (1-65535)'],
    [{ ...smtp, SMTP_PORT: '65536' }, 'SMTP_PORT must be a port number (1-65535)'],
    [{ ...smtp, SMTP_PORT: '25.5' }, 'SMTP_PORT must be a port number (1-65535)'],
    [{ ...smtp, SMTP_SECURE: 'yes' }, 'SMTP_SECURE must be true or false'],
    [{ ...smtp, SMTP_USER: 'ritim' }, 'SMTP_PASSWORD is required when SMTP_USER is set'],
    [{ ...smtp, SMTP_PASSWORD: 'secret' }, 'SMTP_USER is required when SMTP_PASSWORD is set'],
    [{ ...smtp, SMTP_FROM: undefined }, 'SMTP_FROM is required when MESSAGE_TRANSPORT is smtp'],
    [{ ...smtp, SMTP_FROM: 'Ritim' }, 'SMTP_FROM must be an email address, e.g. Ritim <ritim@example.com>'],
    [
      { ...smtp, SMTP_FROM: 'Ritim <not an address>' },
      'SMTP_FROM must be an email address, e.g. Ritim <ritim@example.com>',
    ],
    [{ ...whatsapp, WHATSAPP_API_URL: undefined }, 'WHATSAPP_API_URL is required when MESSAGE_TRANSPORT is whatsapp'],
    [
      { ...whatsapp, WHATSAPP_API_URL: '127.0.0.1:3001' },
      'WHATSAPP_API_URL must be an http(s) URL, e.g. http://127.0.0.1:3000',
    ],
    [
      { ...whatsapp, WHATSAPP_API_URL: 'ftp://wa.example.com' },
      'WHATSAPP_API_URL must be an http(s) URL, e.g. http://127.0.0.1:3000',
    ],
    [
      { ...whatsapp, WHATSAPP_API_URL: 'http://admin:pw@wa.example.com' },
      'WHATSAPP_API_URL must not contain a user name or password',
    ],
    [
      { ...whatsapp, WHATSAPP_SESSION: 'my session' },
      'WHATSAPP_SESSION must be a WAHA session name (letters, digits, - and _)',
    ],
    [{ ...webhook, WEBHOOK_URL: undefined }, 'WEBHOOK_URL is required when MESSAGE_TRANSPORT is webhook'],
    [
      { ...webhook, WEBHOOK_URL: 'hooks.example.com' },
      'WEBHOOK_URL must be an http(s) URL, e.g. http://127.0.0.1:3000',
    ],
    [{ ...webhook, WEBHOOK_SECRET: undefined }, 'WEBHOOK_SECRET is required when MESSAGE_TRANSPORT is webhook'],
    [{ ...webhook, WEBHOOK_SECRET: 'short' }, 'WEBHOOK_SECRET must be at least 16 characters'],
  ])('stops on %o with one line naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      loadTransportConfig(env);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toBe(`Invalid configuration: ${message}`);
  });
});

describe('parseMailAddress', () => {
  it.each([
    ['ritim@example.com', { address: 'ritim@example.com' }],
    ['  Ritim <ritim@example.com> ', { name: 'Ritim', address: 'ritim@example.com' }],
    ['"Ritim, Office" <office@example.com>', { name: 'Ritim, Office', address: 'office@example.com' }],
    ['<ritim@example.com>', { address: 'ritim@example.com' }],
  ])('reads %s', (text, address) => {
    expect(parseMailAddress(text)).toEqual(address);
  });

  it.each(['ritim', 'ritim@', '@example.com', 'a b@example.com', 'Ritim <ritim@example.com', 'x@y, z@w'])(
    'refuses %s',
    (text) => {
      expect(parseMailAddress(text)).toBeNull();
    },
  );
});
