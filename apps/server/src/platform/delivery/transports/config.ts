import { z } from 'zod';
import { ConfigError } from '../../../config.js';

export const TRANSPORT_NAMES = ['file', 'smtp', 'whatsapp', 'webhook'] as const;
export type TransportName = (typeof TRANSPORT_NAMES)[number];

export interface MailAddress {
  name?: string;
  address: string;
}

export type TransportConfig =
  | { transport: 'file' }
  | {
      transport: 'smtp';
      host: string;
      port: number;
      /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
      secure: boolean;
      auth?: { user: string; password: string };
      from: MailAddress;
    }
  | {
      transport: 'whatsapp';
      /** The WAHA base URL, ending with `/`. */
      apiUrl: string;
      apiKey?: string;
      session: string;
    }
  | { transport: 'webhook'; url: string; secret: string };

/** Empty or blank variables count as unset, as in the main configuration. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = z.preprocess(unsetIfBlank, z.string().optional());

const requiredText = (transport: TransportName) =>
  z.preprocess(unsetIfBlank, z.string({ error: `is required when MESSAGE_TRANSPORT is ${transport}` }));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const requiredHttpUrl = (transport: TransportName) =>
  requiredText(transport).pipe(
    z
      .string()
      .trim()
      .refine(isHttpUrl, 'must be an http(s) URL, e.g. http://127.0.0.1:3000')
      // fetch refuses such URLs; the gateway's key and the webhook's secret have variables of their own.
      .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), 'must not contain a user name or password'),
  );

/** `ritim@example.com` or `Ritim <ritim@example.com>`. */
export function parseMailAddress(value: string): MailAddress | null {
  const match = /^\s*(?:(.*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !/^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+$/.test(address)) return null;
  const name = match?.[1]?.replace(/^"(.*)"$/, '$1').trim();
  return name ? { name, address } : { address };
}

const smtpSchema = z
  .object({
    SMTP_HOST: requiredText('smtp').pipe(z.string().trim()),
    SMTP_PORT: z.preprocess(
      unsetIfBlank,
      z.coerce
        .number({ error: 'must be a port number (1-65535)' })
        .int('must be a port number (1-65535)')
        .min(1, 'must be a port number (1-65535)')
        .max(65535, 'must be a port number (1-65535)')
        .default(587),
    ),
    SMTP_SECURE: z.preprocess(
      (value) => (typeof value === 'string' ? unsetIfBlank(value.trim().toLowerCase()) : value),
      z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    ),
    SMTP_USER: optionalText,
    SMTP_PASSWORD: optionalText,
    SMTP_FROM: requiredText('smtp').transform((value, ctx) => {
      const from = parseMailAddress(value);
      if (from) return from;
      ctx.addIssue({ code: 'custom', message: 'must be an email address, e.g. Ritim <ritim@example.com>' });
      return z.NEVER;
    }),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_USER !== undefined && env.SMTP_PASSWORD === undefined) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_PASSWORD'], message: 'is required when SMTP_USER is set' });
    } else if (env.SMTP_PASSWORD !== undefined && env.SMTP_USER === undefined) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_USER'], message: 'is required when SMTP_PASSWORD is set' });
    }
  })
  .transform((env): TransportConfig => ({
    transport: 'smtp',
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE === undefined ? env.SMTP_PORT === 465 : env.SMTP_SECURE === 'true',
    ...(env.SMTP_USER !== undefined && env.SMTP_PASSWORD !== undefined
      ? { auth: { user: env.SMTP_USER, password: env.SMTP_PASSWORD } }
      : {}),
    from: env.SMTP_FROM,
  }));

const whatsappSchema = z
  .object({
    WHATSAPP_API_URL: requiredHttpUrl('whatsapp'),
    WHATSAPP_API_KEY: optionalText,
    WHATSAPP_SESSION: z.preprocess(
      unsetIfBlank,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]+$/, 'must be a WAHA session name (letters, digits, - and _)')
        .default('default'),
    ),
  })
  .transform((env): TransportConfig => ({
    transport: 'whatsapp',
    apiUrl: env.WHATSAPP_API_URL.endsWith('/') ? env.WHATSAPP_API_URL : `${env.WHATSAPP_API_URL}/`,
    ...(env.WHATSAPP_API_KEY !== undefined ? { apiKey: env.WHATSAPP_API_KEY } : {}),
    session: env.WHATSAPP_SESSION,
  }));

const webhookSchema = z
  .object({
    WEBHOOK_URL: requiredHttpUrl('webhook'),
    WEBHOOK_SECRET: requiredText('webhook').pipe(z.string().min(16, 'must be at least 16 characters')),
  })
  .transform((env): TransportConfig => ({ transport: 'webhook', url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }));

const transportSchema = z.preprocess(
  (value) => (typeof value === 'string' ? unsetIfBlank(value.trim().toLowerCase()) : value),
  z.enum(TRANSPORT_NAMES, { error: `must be one of ${TRANSPORT_NAMES.join(', ')}` }).default('file'),
);

/**
 * Reads MESSAGE_TRANSPORT (default `file`) and that transport's variables. A bad or missing value
 * throws a ConfigError whose message is one line naming the variable, like the main configuration.
 */
export function loadTransportConfig(env: NodeJS.ProcessEnv = process.env): TransportConfig {
  const transport = transportSchema.safeParse(env.MESSAGE_TRANSPORT);
  if (!transport.success) throw configError('MESSAGE_TRANSPORT', transport.error);
  if (transport.data === 'file') return { transport: 'file' };
  const schema = { smtp: smtpSchema, whatsapp: whatsappSchema, webhook: webhookSchema }[transport.data];
  const result = schema.safeParse(env);
  if (!result.success) throw configError(undefined, result.error);
  return result.data;
}

function configError(variable: string | undefined, error: z.ZodError): ConfigError {
  const issue = error.issues[0]!;
  const name = variable ?? issue.path.join('.');
  return new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
}
