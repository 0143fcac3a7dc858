import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rsvps } from '../../platform/db/schema.js';
import type { Executor } from '../../platform/db/client.js';

/** A link's token: 32 bytes of HMAC-SHA256, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A guest of a session a link is for. */
export interface RsvpPair {
  occurrenceId: number;
  guestId: number;
}

/** `occurrenceId:guestId`, the key of links(). */
export const pairKey = (pair: RsvpPair) => `${pair.occurrenceId}:${pair.guestId}`;

/**
 * The guests' personal links (docs/domain.md#rsvp). A token is HMAC(key, session.guest.nonce) with
 * a key derived from the server secret: only its hash and the nonce are stored, yet every reminder
 * about the same session carries the same link. Unguessable without the secret.
 */
export class RsvpTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('ritim rsvp').digest();
  }

  private tokenOf(pair: RsvpPair, nonce: string): string {
    return createHmac('sha256', this.key).update(`${pair.occurrenceId}.${pair.guestId}.${nonce}`).digest('base64url');
  }

  /**
   * The link of each (session, guest), made when missing and kept when there (one statement each
   * way, whatever their number): `<origin>/rsvp/<token>` by pairKey.
   */
  async links(db: Executor, pairs: readonly RsvpPair[], origin: string): Promise<Map<string, string>> {
    const links = new Map<string, string>();
    if (pairs.length === 0) return links;
    const fresh = pairs.map((pair) => {
      const nonce = randomBytes(16).toString('base64url');
      return {
        occurrence_id: pair.occurrenceId,
        guest_id: pair.guestId,
        nonce,
        token_hash: sha256(this.tokenOf(pair, nonce)),
      };
    });
    await db.execute(sql`insert into ${rsvps} (occurrence_id, guest_id, nonce, token_hash)
      select r.occurrence_id, r.guest_id, r.nonce, r.token_hash
        from json_to_recordset(cast(${JSON.stringify(fresh)} as json))
          as r(occurrence_id integer, guest_id integer, nonce text, token_hash text)
      on conflict (occurrence_id, guest_id) do nothing`);
    const wanted = JSON.stringify(pairs.map((pair) => ({ occurrence_id: pair.occurrenceId, guest_id: pair.guestId })));
    const result = await db.execute<{ occurrence_id: number; guest_id: number; nonce: string }>(
      sql`select s.occurrence_id, s.guest_id, s.nonce from ${rsvps} s
        join json_to_recordset(cast(${wanted} as json)) as w(occurrence_id integer, guest_id integer)
          on w.occurrence_id = s.occurrence_id and w.guest_id = s.guest_id`,
    );
    for (const row of (result as { rows: { occurrence_id: number; guest_id: number; nonce: string }[] }).rows) {
      const pair = { occurrenceId: Number(row.occurrence_id), guestId: Number(row.guest_id) };
      links.set(pairKey(pair), `${origin}/rsvp/${this.tokenOf(pair, row.nonce)}`);
    }
    return links;
  }

  /** The stored hash a token is looked up by, or undefined for what cannot be a token. */
  hashOf(token: string): string | undefined {
    return TOKEN.test(token) ? sha256(token) : undefined;
  }
}
