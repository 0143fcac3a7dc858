import type { TransportConfig } from './config.js';
import { createFileTransport } from './file.js';
import { createSmtpTransport } from './smtp.js';
import type { Transport } from './types.js';
import { createWebhookTransport } from './webhook.js';
import { createWhatsappTransport } from './whatsapp.js';

export { loadTransportConfig, type TransportConfig } from './config.js';
export { TransportError } from './errors.js';
export { verifyWebhookSignature } from './webhook.js';
export type { Attachment, GatewayGroup, OutgoingMessage, Recipient, Resolution, Transport } from './types.js';

export interface TransportDeps {
  /** DATA_DIR: the file transport writes under `<dataDir>/outbox`. */
  dataDir: string;
  /** Deadline of each HTTP call and SMTP step (default 15 s). */
  timeoutMs?: number;
}

/** The transport MESSAGE_TRANSPORT chose (see loadTransportConfig). */
export function createTransport(config: TransportConfig, { dataDir, timeoutMs }: TransportDeps): Transport {
  switch (config.transport) {
    case 'file':
      return createFileTransport({ dataDir });
    case 'smtp':
      return createSmtpTransport(config, { timeoutMs });
    case 'whatsapp':
      return createWhatsappTransport(config, { timeoutMs });
    case 'webhook':
      return createWebhookTransport(config, { timeoutMs });
  }
}
