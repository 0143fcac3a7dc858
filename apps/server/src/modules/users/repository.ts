import { randomBytes } from 'node:crypto';
import type { MyProfile, User } from '@ritim/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import type { SessionUser } from '../../auth/tokens.js';

export interface Credentials {
  user: SessionUser;
  passwordHash: string;
  active: boolean;
}

export class UserRepository {
  constructor(private readonly db: Db) {}

  private toSessionUser(row: typeof users.$inferSelect): SessionUser {
    // Group membership arrives with the groups section; until then nobody belongs to a group.
    return { id: row.id, role: row.role, timezone: row.timezone, username: row.username, groupIds: [] };
  }

  private toUser(row: typeof users.$inferSelect): User {
    const { id, username, role, status, name, surname, email, phone, address, timezone } = row;
    return { id, username, role, status, name, surname, email, phone, address, timezone };
  }

  async find(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row && this.toUser(row);
  }

  /** Applies a profile change; a new password is hashed, an absent one is kept. */
  async updateProfile(id: number, input: MyProfile): Promise<User | undefined> {
    const { password, ...fields } = input;
    const [row] = await this.db
      .update(users)
      .set({ ...fields, ...(password ? { passwordHash: await hashPassword(password) } : {}), updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row && this.toUser(row);
  }

  /** Usernames are matched case-insensitively. */
  async findCredentials(username: string): Promise<Credentials | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    return row && { user: this.toSessionUser(row), passwordHash: row.passwordHash, active: row.status === 'active' };
  }

  /** The session user for an active account, else undefined. */
  async findActiveSessionUser(id: number): Promise<SessionUser | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row && row.status === 'active' ? this.toSessionUser(row) : undefined;
  }

  /**
   * Creates the first admin when no user exists. Returns the generated password when one had to
   * be made up (so the caller can print it once), else null.
   */
  async ensureFirstAdmin(
    username: string,
    password?: string,
  ): Promise<{ created: boolean; generatedPassword: string | null }> {
    const [existing] = await this.db.select({ n: count() }).from(users);
    if (existing && existing.n > 0) return { created: false, generatedPassword: null };
    const generated = password ? null : randomBytes(12).toString('base64url');
    const inserted = await this.db
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password ?? generated!), role: 'admin', name: 'Admin' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return { created: inserted.length > 0, generatedPassword: inserted.length > 0 ? generated : null };
  }
}
