import { randomBytes } from 'node:crypto';
import type { CreateUser, MyProfile, UpdateUser, User, UserListQuery } from '@ritim/shared';
import { userMessages } from '@ritim/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { groups, messageGroups, twoFactor, userGroups, users } from '../../platform/db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeUserRefreshTokens } from '../../auth/refresh-tokens.js';
import { raiseSessionVersion } from '../../platform/access/sign-in-versions.js';
import type { SessionUser } from '../../platform/access/tokens.js';
import { AppError, isReferencedError, pgErrorCode } from '../../platform/errors.js';
import { defineList, type PageTable } from '../../platform/list.js';

export interface Credentials {
  user: SessionUser;
  passwordHash: string;
  active: boolean;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who a password reset link goes to. */
export interface ResetAccount {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  language: 'en' | 'tr';
}

/** The user's groups as `[{id, name}]` by name, aggregated in the same query (no query per row). */
const groupsColumn = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name}, ${groups.id})
  from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
  where ${userGroups.userId} = ${users.id}
), '[]'::json)`.as('groups');

/** The user's group ids, for the access token's `groupIds` claim. */
const groupIdsColumn = sql<number[]>`array(
  select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${users.id} order by 1
)`.as('group_ids');

/** Whether the user's two-factor sign-in is on (auth/two-factor.ts keeps it). */
const twoFactorEnabledColumn = sql<boolean>`exists (
  select 1 from ${twoFactor} where ${twoFactor.userId} = ${users.id} and ${twoFactor.enabledAt} is not null
)`.as('two_factor_enabled');

/** What the API shows of a user: never the password hash. */
const userColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  status: users.status,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phone: users.phone,
  address: users.address,
  timezone: users.timezone,
  language: users.language,
  messageGroupId: users.messageGroupId,
  messageGroupName: messageGroups.name,
  groups: groupsColumn,
  twoFactorEnabled: twoFactorEnabledColumn,
};

type UserRow = {
  [
    K in Exclude<keyof typeof userColumns, 'groups' | 'messageGroupName' | 'twoFactorEnabled'>
  ]: (typeof users.$inferSelect)[K];
} & { messageGroupName: string | null; groups: { id: number; name: string }[]; twoFactorEnabled: boolean };

const toUser = ({ messageGroupName, ...row }: UserRow): User => ({
  ...row,
  groupIds: row.groups.map((group) => group.id),
  messageGroup:
    row.messageGroupId !== null && messageGroupName !== null
      ? { id: row.messageGroupId, name: messageGroupName }
      : null,
});

const sessionColumns = {
  id: users.id,
  role: users.role,
  timezone: users.timezone,
  language: users.language,
  username: users.username,
  status: users.status,
  sessionVersion: users.sessionVersion,
  groupIds: groupIdsColumn,
};

type SessionRow = { [K in Exclude<keyof typeof sessionColumns, 'groupIds'>]: (typeof users.$inferSelect)[K] } & {
  groupIds: number[];
};

const toSessionUser = (row: SessionRow): SessionUser => ({
  id: row.id,
  role: row.role,
  timezone: row.timezone,
  language: row.language,
  username: row.username,
  groupIds: row.groupIds.map(Number),
  sessionVersion: row.sessionVersion,
});

/** Every session of the user ends: their refresh tokens are revoked and their access tokens refused. */
async function endSessions(tx: Executor, id: number): Promise<void> {
  await revokeUserRefreshTokens(tx, id);
  await raiseSessionVersion(tx, id);
}

const isActiveAdmin = and(eq(users.role, 'admin'), eq(users.status, 'active'));

/** A named constraint of a database error (looking through Drizzle's wrapper). */
function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export class UserRepository {
  private readonly findStatement;
  private readonly sessionStatement;
  private readonly credentialsStatement;

  constructor(private readonly db: Db) {
    this.findStatement = db
      .select(userColumns)
      .from(users)
      .leftJoin(messageGroups, eq(messageGroups.id, users.messageGroupId))
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('users_find');
    this.sessionStatement = db
      .select(sessionColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('users_session');
    // Usernames are matched case-insensitively (the unique index on lower(username) serves it).
    this.credentialsStatement = db
      .select({ ...sessionColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.username})`, sql`lower(${sql.placeholder('username')})`))
      .prepare('users_credentials');
  }

  /** A deferred join (platform/list.ts): the page's ids from `users` alone, then the page's rows with their groups. */
  readonly list = defineList({
    name: 'users',
    page: (pageColumns) => this.db.select(pageColumns).from(users).$dynamic(),
    rows: (page: PageTable) =>
      this.db
        .with(page)
        .select({ ...userColumns, totalCount: page.totalCount })
        .from(page)
        .innerJoin(users, eq(users.id, page.id))
        .leftJoin(messageGroups, eq(messageGroups.id, users.messageGroupId))
        .$dynamic(),
    search: [users.search],
    sorts: { id: [], username: [asc(users.username)] },
    id: users.id,
    filters: {
      role: { value: (query: UserListQuery) => query.role, where: (value) => sql`${users.role} = ${value}` },
      status: { value: (query: UserListQuery) => query.status, where: (value) => sql`${users.status} = ${value}` },
    },
    map: toUser,
  });

  /** One transaction with this repository working in it (platform/crud-routes.ts: a write and its audit row). */
  transaction<T>(work: (repository: UserRepository, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new UserRepository(tx), tx));
  }

  async find(id: number): Promise<User | undefined> {
    const [row] = (await this.findStatement.execute({ id })) as UserRow[];
    return row && toUser(row);
  }

  async create(input: CreateUser): Promise<User> {
    const { password, groupIds, ...fields } = input;
    const passwordHash = await hashPassword(password!);
    const id = await this.writing(input, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...fields, passwordHash })
          .returning({ id: users.id });
        await this.replaceGroups(tx, row!.id, groupIds);
        return row!.id;
      }),
    );
    return (await this.find(id))!;
  }

  /**
   * Applies an admin's change to a user; undefined when there is no such user. Demoting or
   * deactivating an active admin locks every active admin row first (SELECT ... FOR UPDATE), so of
   * two admins demoting each other at once the second sees the first's change and is refused.
   */
  async update(id: number, input: UpdateUser, actorId: number): Promise<User | undefined> {
    const { password, groupIds, ...fields } = input;
    const demotes = fields.role !== undefined && fields.role !== 'admin';
    const deactivates = fields.status === 'inactive';
    if (id === actorId && deactivates) throw new AppError(409, userMessages.cannotDeactivateSelf);
    if (id === actorId && demotes) throw new AppError(409, userMessages.cannotDemoteSelf);
    // One's own password changes only with the current one (My profile): not with a token alone.
    if (id === actorId && password) throw new AppError(400, userMessages.ownPasswordInProfile);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const updated = await this.writing(input, () =>
      this.db.transaction(async (tx) => {
        if (demotes || deactivates) await this.assertNotLastAdmin(tx, id);
        const [row] = await tx
          .update(users)
          .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        if (!row) return false;
        if (groupIds) await this.replaceGroups(tx, id, groupIds);
        // A new password or a deactivation ends every session: no token of theirs works again.
        if (passwordHash || deactivates) await endSessions(tx, id);
        return true;
      }),
    );
    return updated ? this.find(id) : undefined;
  }

  /**
   * Deletes a user; false when there was none. Refuses the caller themselves and the last active
   * admin (under the same lock as update), and a user something references (RESTRICT foreign keys
   * of lookups, events, form submissions) with 409.
   */
  async delete(id: number, actorId: number): Promise<boolean> {
    if (id === actorId) throw new AppError(409, userMessages.cannotDeleteSelf);
    try {
      return await this.db.transaction(async (tx) => {
        await this.assertNotLastAdmin(tx, id);
        const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return deleted.length > 0;
      });
    } catch (error) {
      if (isReferencedError(error)) throw new AppError(409, userMessages.inUse);
      throw error;
    }
  }

  /** Applies a profile change; a new password is hashed (and ends every session), an absent one is kept. */
  async updateProfile(id: number, input: Omit<MyProfile, 'currentPassword'>): Promise<User | undefined> {
    const { password, ...fields } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (row && passwordHash) await endSessions(tx, id);
      return !!row;
    });
    return updated ? this.find(id) : undefined;
  }

  async findCredentials(username: string): Promise<Credentials | undefined> {
    const [row] = (await this.credentialsStatement.execute({ username })) as (SessionRow & { passwordHash: string })[];
    return row && { user: toSessionUser(row), passwordHash: row.passwordHash, active: row.status === 'active' };
  }

  /**
   * The active accounts a forgotten-password request names (docs/domain.md#password-reset): the
   * one whose username it is (ignoring case), else every one with that email address (people of a
   * family may share one), at most 10.
   */
  async findByLogin(login: string): Promise<ResetAccount[]> {
    const columns = {
      id: users.id,
      username: users.username,
      name: users.name,
      surname: users.surname,
      email: users.email,
      phone: users.phone,
      language: users.language,
    };
    const active = eq(users.status, 'active');
    const byUsername = await this.db
      .select(columns)
      .from(users)
      .where(and(active, eq(sql`lower(${users.username})`, login.toLowerCase())));
    if (byUsername.length > 0) return byUsername;
    return this.db
      .select(columns)
      .from(users)
      .where(and(active, eq(sql`lower(${users.email})`, login.toLowerCase())))
      .orderBy(asc(users.id))
      .limit(10);
  }

  /** Sets a new password hash in `tx` (a password reset) and ends every session of the user. */
  async setPasswordHash(tx: Tx, id: number, passwordHash: string): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await endSessions(tx, id);
  }

  /** The session user for an active account, else undefined. */
  async findActiveSessionUser(id: number): Promise<SessionUser | undefined> {
    const [row] = (await this.sessionStatement.execute({ id })) as SessionRow[];
    return row && row.status === 'active' ? toSessionUser(row) : undefined;
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

  /** Refuses (409) when `id` is the only active admin, holding the active admins' row locks until commit. */
  private async assertNotLastAdmin(tx: Tx, id: number): Promise<void> {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(isActiveAdmin)
      .orderBy(asc(users.id))
      .for('update');
    if (admins.length === 1 && admins[0]!.id === id) throw new AppError(409, userMessages.lastAdmin);
  }

  /** Makes `groupIds` the user's whole set of groups. */
  private async replaceGroups(tx: Tx, userId: number, groupIds: number[]): Promise<void> {
    await tx.delete(userGroups).where(eq(userGroups.userId, userId));
    if (groupIds.length) await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
  }

  /**
   * Runs a create or update and turns the database's refusals into answers: a username taken
   * (ignoring case, decided by the unique index) is 409, a group or message group that does not
   * exist (a foreign key) is 400 naming it.
   */
  private async writing<T>(input: UpdateUser, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = pgErrorCode(error);
      const constraint = pgConstraint(error);
      if (code === '23505' && constraint === 'users_username_lower_key') {
        throw new AppError(409, userMessages.usernameTaken);
      }
      if (code === '23503' && constraint?.startsWith('user_groups_group_id')) {
        throw new AppError(400, userMessages.groupNotFound({ id: await this.missingGroupId(input.groupIds ?? []) }));
      }
      if (code === '23503' && constraint?.startsWith('users_message_group_id')) {
        throw new AppError(400, userMessages.messageGroupNotFound({ id: input.messageGroupId ?? 0 }));
      }
      throw error;
    }
  }

  /** The first of `ids` that names no group (asked after the foreign key refused one of them). */
  private async missingGroupId(ids: number[]): Promise<number> {
    const found = new Set(
      (await this.db.select({ id: groups.id }).from(groups).where(inArray(groups.id, ids))).map((row) => row.id),
    );
    return ids.find((id) => !found.has(id)) ?? ids[0] ?? 0;
  }
}
