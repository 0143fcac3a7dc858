import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/client.js';
import { dataVersion } from './db/schema.js';

/**
 * Answers of read routes kept in memory, keyed by the request (its URL), the viewer (id, role and
 * zone: everything a route's scope reads from the session) and the database's data version, with
 * ETag / If-None-Match (304) on top (docs/architecture.md#performance).
 *
 * The data version is one counter in the database (table data_version) that a deferred trigger on
 * every table the answers are built from bumps once per writing transaction, as it commits (in
 * that transaction: the new version and the new data become visible together), whichever process,
 * job or tool made the write. It is read for each request, after it arrived and before the route's query runs: an
 * answer is stored under a version no newer than the data it was built from, so no request that
 * starts after a commit is served an answer from before it (several app processes on one database
 * included). Writes to tables no answer reads (sessions, login throttling, the job queue) leave it be.
 *
 * A route opts in with `config: { cacheAnswer: true }`. An answer that depends on the clock as
 * well (an event's next occurrence) says until when it holds with `cacheAnswerUntil`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this GET route's 200 answers (see answer-cache.ts). */
    cacheAnswer?: boolean;
  }
  interface FastifyRequest {
    answerCache: { key: string; version: number; until: number } | null;
    /** The data version read for this request (see versionFor): the access check's and the cache's. */
    dataVersion: Promise<number> | null;
  }
}

interface Entry {
  version: number;
  etag: string;
  body: string | Buffer;
  /** The answer's content type and, for a download, its content disposition. */
  headers: Record<string, string>;
  /** Epoch ms after which the answer no longer holds (Infinity: until the data changes). */
  until: number;
}

export interface AnswerCacheOptions {
  /** Bytes of answers kept (least recently used go first); 0 turns caching off (ETags stay). */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** The answer the route is building holds only until `instant` (an instant the data names, say a next start). */
export function cacheAnswerUntil(request: FastifyRequest, instant: Date | number): void {
  if (!request.answerCache) return;
  request.answerCache.until = Math.min(
    request.answerCache.until,
    typeof instant === 'number' ? instant : instant.getTime(),
  );
}

const etagOf = (body: string | Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (or is `*`); weak tags compare as their strong twins. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

const matches = (request: FastifyRequest, etag: string) => ifNoneMatch(request.headers['if-none-match'], etag);

/**
 * The data version as a column of a query that has to run anyway (one round trip less), read in
 * that statement's snapshot: an answer kept under it is no older than the version.
 */
export const dataVersionColumn = sql<string>`(select ${dataVersion.version} from ${dataVersion} where ${dataVersion.id} = 1)`;

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers being built, per key@version: the same request arriving meanwhile waits for it. */
  private readonly building = new Map<string, Promise<void>>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly versionStatement;

  constructor(
    db: Db,
    options: AnswerCacheOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.versionStatement = db
      .select({ version: dataVersion.version })
      .from(dataVersion)
      .where(sql`${dataVersion.id} = 1`)
      .prepare('answer_cache_version');
  }

  private reading: Promise<number> | undefined;
  private nextRead: Promise<number> | undefined;
  /** How many times the version was read from the database (tests read it). */
  reads = 0;

  /** One read of the version from the database. */
  protected async read(): Promise<number> {
    this.reads += 1;
    const [row] = await this.versionStatement.execute();
    return Number(row?.version ?? 0);
  }

  /**
   * The data version as of a read that started after this call: every commit that finished before
   * it is counted. Requests arriving together share reads: while one is under way (it may have
   * started before them), they all wait for the next one, so there is at most one read in flight
   * and one queued, however many requests there are.
   */
  version(): Promise<number> {
    if (!this.reading) {
      this.reading = this.read().finally(() => {
        this.reading = undefined;
      });
      return this.reading;
    }
    this.nextRead ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.nextRead = undefined;
        return this.version();
      });
    return this.nextRead;
  }

  /**
   * The data version for one request: read once (as `version` reads it, after the request arrived)
   * and shared by whatever asks during the request, the session check and this cache.
   */
  versionFor(request: FastifyRequest): Promise<number> {
    return (request.dataVersion ??= this.version());
  }

  /** Gives a request the data version a query read for it (one that started after the request arrived). */
  setVersionFor(request: FastifyRequest, version: number): void {
    request.dataVersion ??= Promise.resolve(version);
  }

  get size(): number {
    return this.entries.size;
  }

  private lookup(key: string, version: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.until <= this.now()) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    // A slow request that read an older version must not push out what a later one stored.
    if (previous && previous.version > entry.version) return;
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(key);
    }
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
  }

  private send(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
    if (matches(request, entry.etag)) return reply.code(304).send();
    return reply.headers(entry.headers).send(entry.body);
  }

  /** Hooks the opted-in routes of `app` (call before registering them). */
  register(app: FastifyInstance): void {
    app.decorateRequest('answerCache', null);
    app.decorateRequest('dataVersion', null);

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.cacheAnswer || request.method !== 'GET') return;
      const viewer = request.sessionUser;
      const key = `${viewer ? `${viewer.id}:${viewer.role}:${viewer.timezone}` : '-'} ${request.url}`;
      const version = await this.versionFor(request);
      const flight = `${key}@${version}`;
      const pending = this.building.get(flight);
      if (pending) await pending;
      const entry = this.lookup(key, version);
      if (entry) return this.send(request, reply, entry);
      request.answerCache = { key, version, until: Infinity };
      if (!pending) {
        let done!: () => void;
        this.building.set(flight, new Promise<void>((resolve) => (done = resolve)));
        reply.raw.once('close', () => {
          this.building.delete(flight);
          done();
        });
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const state = request.answerCache;
      if (!state || reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
        return payload;
      }
      const etag = etagOf(payload);
      const headers: Record<string, string> = {
        'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      };
      const disposition = reply.getHeader('content-disposition');
      if (disposition !== undefined) headers['content-disposition'] = String(disposition);
      if (state.until > this.now()) {
        this.store(state.key, { version: state.version, etag, body: payload, headers, until: state.until });
      }
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matches(request, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  }
}
