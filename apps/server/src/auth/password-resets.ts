import { PASSWORD_RESET_TTL_MINUTES, type PasswordResetLink, passwordResetMessages, REDACTED } from '@ritim/shared';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client.js';
import { passwordResets, users } from '../platform/db/schema.js';
import { guestTexts } from '../i18n/guest-texts.js';
import { AppError } from '../platform/errors.js';
import { personName } from '../lib/names.js';
import type { NewMessage, Outbox } from '../platform/delivery/outbox.js';
import { recordAudit } from '../platform/audit/record.js';
import type { ResetAccount, UserRepository } from '../modules/users/repository.js';
import { hashPassword } from './passwords.js';
import { hashToken, newOpaqueToken } from '../platform/access/tokens.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the Message Log shows where the link is: the link itself is sealed beside it (docs/domain.md#password-reset). */
export const HIDDEN_LINK = '[link hidden]';

/**
 * Reset mails per account (docs/domain.md#password-reset): at most this many links in this many
 * minutes, however the login that asked was spelled (case, spaces, username or email).
 */
export const RESET_MAILS_PER_ACCOUNT = { mails: 3, windowMinutes: 15 };

/**
 * A forgotten password (docs/domain.md#password-reset): `request` sends each account a login names
 * a link with a new random token (256 bits, only its SHA-256 kept), through the outbox in the
 * account's language, working once for 30 minutes; `reset` spends it on a new password and ends
 * every session of the account.
 */
export class PasswordResets {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
    private readonly outbox: Outbox | undefined,
    private readonly origin: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sends a link to each active account `login` names; nothing (and no trace in the answer) for
   * none, nor for an account that had RESET_MAILS_PER_ACCOUNT already.
   */
  async request(login: string): Promise<void> {
    const accounts = await this.users.findByLogin(login);
    if (accounts.length === 0) return;
    if (!this.outbox) {
      this.log.warn({ userIds: accounts.map((a) => a.id) }, 'password reset asked for, but messaging is off: not sent');
      return;
    }
    const outbox = this.outbox;
    await this.db.transaction(async (tx) => {
      // Links expired a day ago are of no use to anyone.
      await tx
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, new Date(this.now().getTime() - 24 * 3600_000)));
      const messages: NewMessage[] = [];
      for (const account of accounts) {
        if (!(await this.mayMail(tx, account.id))) continue;
        const token = newOpaqueToken();
        const [row] = await tx
          .insert(passwordResets)
          .values({
            userId: account.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(this.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
          })
          .returning({ id: passwordResets.id });
        messages.push(this.message(account, row!.id, `${this.origin}/reset-password/${token}`));
      }
      if (messages.length) await outbox.enqueue(tx, messages);
    });
  }

  /**
   * Whether the account may get another link: fewer than RESET_MAILS_PER_ACCOUNT in the window
   * (links sent then expire after PASSWORD_RESET_TTL_MINUTES from the app's clock). The account's
   * row is locked first, so requests racing for it count one after the other.
   */
  private async mayMail(tx: Tx, userId: number): Promise<boolean> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const sentAfter = this.now().getTime() - RESET_MAILS_PER_ACCOUNT.windowMinutes * 60_000;
    const [sent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, userId),
          gt(passwordResets.expiresAt, new Date(sentAfter + PASSWORD_RESET_TTL_MINUTES * 60_000)),
        ),
      );
    return (sent?.n ?? 0) < RESET_MAILS_PER_ACCOUNT.mails;
  }

  /**
   * A link that still works, as its page asks before offering the form: the account's language and
   * the link's expiry; an unknown token is 404, a used or expired one 400 (as `reset` answers).
   */
  async check(token: string): Promise<PasswordResetLink> {
    const [known] = await this.db
      .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt, language: users.language })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    if (!known) throw new AppError(404, passwordResetMessages.linkNotFound);
    if (known.usedAt || known.expiresAt <= this.now()) throw new AppError(400, passwordResetMessages.linkSpent);
    return { language: known.language, expiresAt: known.expiresAt.toISOString() };
  }

  /**
   * Spends a link on a new password: an unknown token is 404, a used or expired one 400. Claiming
   * the token, the new password, spending the account's other links and ending its sessions commit
   * together.
   */
  async reset(token: string, password: string): Promise<void> {
    const tokenHash = hashToken(token);
    const [known] = await this.db
      .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash));
    if (!known) throw new AppError(404, passwordResetMessages.linkNotFound);
    if (known.usedAt || known.expiresAt <= this.now()) throw new AppError(400, passwordResetMessages.linkSpent);
    const passwordHash = await hashPassword(password);
    const spent = await this.db.transaction(async (tx) => {
      const now = this.now();
      const [claimed] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!claimed) return false;
      // Any other link sent to the account stops working too.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
      await this.users.setPasswordHash(tx, claimed.userId, passwordHash);
      const [account] = await tx.select({ username: users.username }).from(users).where(eq(users.id, claimed.userId));
      const username = account?.username ?? '';
      // The account's owner, through the link sent to them; the new password only as "[redacted]".
      await recordAudit(tx, {
        action: 'passwordReset',
        entityType: 'auth',
        entityId: claimed.userId,
        entityName: username,
        changes: { password: { from: REDACTED, to: REDACTED } },
        actor: { id: claimed.userId, username },
      });
      return true;
    });
    // Another request spent it between the look and the claim.
    if (!spent) throw new AppError(400, passwordResetMessages.linkSpent);
  }

  /** The message: straight to the person (never their message group), the link sealed out of the log. */
  private message(account: ResetAccount, resetId: number, link: string): NewMessage {
    const texts = guestTexts(account.language);
    const name = personName(account.name, account.surname, account.username);
    return {
      type: 'password-reset',
      idempotencyKey: `password-reset:${resetId}`,
      recipient: { kind: 'user', id: account.id, name, email: account.email, phone: account.phone },
      guestIds: [],
      subject: texts.passwordResetSubject,
      body: texts.passwordResetBody(name, account.username, HIDDEN_LINK, PASSWORD_RESET_TTL_MINUTES),
      secret: { placeholder: HIDDEN_LINK, value: link },
    };
  }
}
