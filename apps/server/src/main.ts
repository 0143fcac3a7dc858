import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, publicUrl, type Config } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { startHorizonJob } from './modules/events/horizon-job.js';
import { type JobLogger, JobQueue } from './platform/jobs/queue.js';
import { startToFillDigestJob, toFillDigestSettings } from './modules/attendance/to-fill-digest/job.js';
import { deliveryJob, Outbox, outboxSealer } from './platform/delivery/outbox.js';
import { createTransport, loadTransportConfig } from './platform/delivery/transports/index.js';
import type { TransportConfig } from './platform/delivery/transports/config.js';
import { reportAttachments } from './modules/message-composition/attachments.js';
import { extendHorizons } from './modules/events/horizon.js';
import { UserRepository } from './modules/users/repository.js';

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR so sessions survive restarts. */
async function jwtSecret(config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

async function main() {
  let config: Config;
  let transportConfig: TransportConfig;
  try {
    config = loadConfig();
    // MESSAGE_TRANSPORT and its variables: a bad value stops the start here, in one line.
    transportConfig = loadTransportConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  // Never-ending series keep 12 months of occurrences ahead (the daily job does the same).
  await extendHorizons(database.db, new Date());

  const admin = await new UserRepository(database.db).ensureFirstAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);

  // Jobs (pg-boss on the same database): started once the schema is migrated, stopped before the
  // database closes (a job in progress gets up to 10 s to finish). The queue and the outbox exist
  // before the app (its routes enqueue) and write to the app's logger once it exists.
  const appLog: { current?: JobLogger } = {};
  const log: JobLogger = {
    error: (object, message) => appLog.current?.error(object, message),
    warn: (object, message) => appLog.current?.warn(object, message),
    info: (object, message) => appLog.current?.info(object, message),
  };
  const queue = new JobQueue(database, {
    log,
    maintenanceIntervalSeconds: Math.max(1, Math.round(config.DELIVERY_TIMEOUT_SECONDS / 4)),
  });
  // Each gateway call gets a quarter of the delivery's time at most, so a slow but live delivery
  // (a few calls and a report) ends before it could be taken for dead and run again.
  const transport = createTransport(transportConfig, {
    dataDir: config.DATA_DIR,
    timeoutMs: Math.min(15_000, (config.DELIVERY_TIMEOUT_SECONDS * 1000) / 4),
  });
  const secret = await jwtSecret(config);
  const outbox = new Outbox(database.db, queue, transport, reportAttachments(database.db), {
    log,
    job: deliveryJob(config.DELIVERY_TIMEOUT_SECONDS),
    sealer: outboxSealer(secret),
  });

  const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({
    database,
    jwtSecret: secret,
    webRoot,
    logger: { level: config.LOG_LEVEL },
    outbox,
    publicUrl: publicUrl(config),
    cancelNoticeHours: config.CANCEL_NOTICE_HOURS,
    centre: { name: config.CENTRE_NAME, address: config.CENTRE_ADDRESS ?? null },
  });
  appLog.current = app.log;
  await queue.start();
  await startHorizonJob(queue, database.db, app.log);
  // Deliveries: queued messages (also those left by a process that stopped) are sent from here.
  await outbox.register();
  await outbox.work();
  // The organisers' daily list of sessions still to fill, when TO_FILL_DIGEST=on.
  await startToFillDigestJob(queue, database.db, outbox, toFillDigestSettings(config), app.log);
  app.addHook('onClose', async () => {
    await queue.stop();
    await database.close();
  });

  if (admin.created) {
    const password = admin.generatedPassword ?? '(from ADMIN_PASSWORD)';
    // Printed once, on the console, so it reaches the person starting the server.
    console.log(`Created the first admin. Username: ${config.ADMIN_USERNAME}  Password: ${password}`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Ritim is serving on http://${config.HOST}:${config.PORT} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
