import { hash, verify } from "@node-rs/argon2";
import {
  createStaffInputSchema,
  FORGOT_PASSWORD_MESSAGE,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type Role,
  type UpdateUserRequest,
  type User,
} from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { randomSecret, sha256 } from "../../lib/crypto.ts";
import { ErrorFieldError, ThrottledError, UnauthorizedError, ValidationError } from "../../lib/errors.ts";
import { emailSpec } from "../../lib/email/index.ts";
import type { MailOutbox, QueuedMail } from "../../lib/jobs/mail-job.ts";
import type { RateLimitStore } from "../../lib/rate-limit.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import * as repo from "./auth.repository.ts";
import type { UserRow } from "./auth.repository.ts";
import { checkPassword } from "./password-policy.ts";

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A new staff account's set-password link lasts longer than a reset link: the person may be away for a weekend. */
export const WELCOME_TOKEN_TTL_HOURS = 72;
export const DUPLICATE_EMAIL_MESSAGE = "A user with that email already exists.";
export const DEACTIVATED_MESSAGE = "This account has been deactivated.";
const TOKEN_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Limit {
  max: number;
  windowMs: number;
}

/** Throttling limits; tests may tighten or loosen them. */
export const DEFAULT_AUTH_LIMITS = {
  /** One address guessing one account's password: refused (429) past this. */
  loginFailuresPerAccountIp: { max: 10, windowMs: 15 * 60_000 },
  /** One address guessing any accounts' passwords: refused (429) past this. */
  loginFailuresPerIp: { max: 50, windowMs: 15 * 60_000 },
  /**
   * One account, from every address: past this, sign-ins to it are slowed down (never refused, so
   * knowing an e-mail is not enough to lock its owner out) and the owner is e-mailed once a window.
   */
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 30, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 10, windowMs: 15 * 60_000 },
  forgotPerAccount: { max: 5, windowMs: 15 * 60_000 },
  resetFailuresPerIp: { max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
export type AuthLimits = typeof DEFAULT_AUTH_LIMITS;

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  /** The security e-mails, queued in the transaction of what they tell (or on their own). */
  outbox: MailOutbox;
  /** Runs the queued jobs that are due now (tests wait for the e-mails with `drain`). */
  drainJobs?: () => Promise<unknown>;
  rateLimits: RateLimitStore;
  publicUrl: string;
  limits?: Partial<AuthLimits>;
  /** Waits before checking a password of an account under attack; tests hand in one that records. */
  delay?: (ms: number) => Promise<void>;
  /** Multiplies every limit's maximum (config RATE_LIMIT_SCALE). */
  limitScale?: number;
  onBackgroundError?: (err: unknown) => void;
}

export interface AuthenticatedUser {
  user: UserRow;
  tokenId: string;
}

export type { UserRow };

/** Tokens that no longer sign anyone in: one token, or a user's (all, or all but the one kept). */
export type RevokedTokens = { tokenId: string } | { userId: string; exceptTokenId?: string };

export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    username: row.username,
    email: row.email,
    date_joined: row.dateJoined.toISOString(),
    role: row.role,
    profile: { company_name: row.companyName, phone_number: row.phoneNumber, address: row.address },
  };
}

/** The slow-down of a sign-in to an account past its failure threshold: doubling from 0.5 s, at most 8 s. */
export function loginDelayMs(failuresPastThreshold: number): number {
  if (failuresPastThreshold < 0) return 0;
  return Math.min(8000, 500 * 2 ** Math.min(failuresPastThreshold, 4));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A valid hash to verify against when the account does not exist, so both paths take as long. */
const DUMMY_HASH_PROMISE = hash(randomSecret());

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, outbox, rateLimits, publicUrl } = deps;
  const scale = deps.limitScale ?? 1;
  const limits = Object.fromEntries(
    Object.entries({ ...DEFAULT_AUTH_LIMITS, ...deps.limits }).map(([k, l]) => [k, { ...l, max: Math.ceil(l.max * scale) }]),
  ) as AuthLimits;
  const delay = deps.delay ?? sleep;

  async function guard(key: string, limit: Limit, count: boolean): Promise<void> {
    const state = count ? await rateLimits.hit(key, limit.windowMs) : await rateLimits.peek(key);
    if (!state) return;
    const over = count ? state.count > limit.max : state.count >= limit.max;
    if (over) throw new ThrottledError(Math.max(1, Math.ceil(state.resetInMs / 1000)));
  }

  async function issueToken(db: Db, userId: string): Promise<string> {
    const key = randomSecret(32);
    await repo.insertToken(db, userId, sha256(key));
    return key;
  }

  async function deriveUsername(email: string, on: Db = db): Promise<string> {
    const base =
      email
        .split("@")[0]!
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, "")
        .slice(0, 30) || "user";
    if (!(await repo.usernameExists(on, base))) return base;
    for (let n = 2; n < 1000; n++) {
      if (!(await repo.usernameExists(on, `${base}${n}`))) return `${base}${n}`;
    }
    return `${base}${randomSecret(4).toLowerCase()}`;
  }

  /** "Someone is trying to sign in": once per window and account, however the attempts go on. */
  async function warnOwner(user: UserRow, failures: number): Promise<void> {
    const window = limits.loginFailuresPerAccount.windowMs;
    const sent = await rateLimits.hit(`login:warned:${user.id}`, window);
    if (sent.count !== 1) return;
    const minutes = Math.round(window / 60_000);
    await outbox.send(db, {
      to: user.email,
      subject: "Someone is trying to sign in to your account",
      email: emailSpec("genericEmail", {
      heading: "Someone is trying to sign in to your account",
      paragraphs: [
        `There were ${failures} failed attempts to sign in to your Aurelia Atelier account (${user.email}) in the last ${minutes} minutes.`,
        "If that was you, nothing is wrong: you can still sign in with your password, a little more slowly for a while. If it was not you, your account is safe as long as your password is not used elsewhere; choosing a new one signs out every other session.",
      ],
      action: { label: "Choose a new password", url: `${publicUrl}/forgot-password` },
      }),
    });
  }

  /**
   * "Your password was changed": queued in the change's or the reset's transaction, so the owner
   * hears of a change they did not make. It cannot be turned off, like the other security e-mails.
   */
  async function warnPasswordChanged(tx: Db, user: Pick<UserRow, "email">, how: "changed" | "reset"): Promise<void> {
    const subject = "Your password was changed";
    await outbox.send(tx, {
      to: user.email,
      subject,
      email: emailSpec("genericEmail", {
      heading: subject,
      paragraphs: [
        how === "changed"
          ? `The password of your Aurelia Atelier account (${user.email}) was changed from your profile. Every other session was signed out.`
          : `The password of your Aurelia Atelier account (${user.email}) was reset with a link sent to this address. Every session was signed out.`,
        "If that was you, there is nothing more to do.",
        `If it was not you, choose a new password now with the button below (it signs out everyone using the old one), change the password of your e-mail account too, and tell us at ${publicUrl}/contact.`,
      ],
      action: { label: "Choose a new password", url: `${publicUrl}/forgot-password` },
      }),
    });
  }

  // Who is told when tokens stop signing anyone in (live-event streams close at once).
  const revocationListeners = new Set<(revoked: RevokedTokens) => void>();
  function tokensRevoked(revoked: RevokedTokens): void {
    for (const listener of revocationListeners) {
      try {
        listener(revoked);
      } catch (err) {
        deps.onBackgroundError?.(err);
      }
    }
  }

  return {
    async register(input: RegisterRequest, ip: string) {
      await guard(`register:ip:${ip}`, limits.registerPerIp, true);
      const email = input.email.toLowerCase();
      if (input.password !== input.confirm_password) {
        throw new ValidationError({ confirm_password: ["The two password fields didn't match."] });
      }
      const policy = checkPassword(input.password, { email });
      if (policy.length) throw new ValidationError({ password: policy });
      if (await repo.findUserByEmail(db, email)) {
        throw new ValidationError({ email: [DUPLICATE_EMAIL_MESSAGE] });
      }
      const passwordHash = await hash(input.password);
      const username = await deriveUsername(email);
      try {
        return await db.transaction(async (tx) => {
          const user = await repo.insertUser(tx, { email, username, passwordHash, role: "customer", passwordChangedAt: clock.now() });
          return { token: await issueToken(tx, user.id), user: toUserResponse(user) };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ValidationError({ email: [DUPLICATE_EMAIL_MESSAGE] });
        throw err;
      }
    },

    async login(input: LoginRequest, ip: string) {
      const email = input.email.toLowerCase();
      const accountHash = sha256(email);
      const accountKey = `login:account:${accountHash}`;
      const pairKey = `login:account-ip:${accountHash}:${ip}`;
      const ipKey = `login:ip:${ip}`;
      // Refusals are per address (and account from that address): the owner elsewhere still signs in.
      await guard(pairKey, limits.loginFailuresPerAccountIp, false);
      await guard(ipKey, limits.loginFailuresPerIp, false);
      // Many failures from many addresses: slow every attempt down, right password or not.
      const accountFailures = (await rateLimits.peek(accountKey))?.count ?? 0;
      if (accountFailures >= limits.loginFailuresPerAccount.max) {
        await delay(loginDelayMs(accountFailures - limits.loginFailuresPerAccount.max));
      }
      const user = await repo.findUserByEmail(db, email);
      const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), input.password);
      if (!user || !ok) {
        await rateLimits.hit(pairKey, limits.loginFailuresPerAccountIp.windowMs);
        await rateLimits.hit(ipKey, limits.loginFailuresPerIp.windowMs);
        const account = await rateLimits.hit(accountKey, limits.loginFailuresPerAccount.windowMs);
        if (user && account.count >= limits.loginFailuresPerAccount.max) await warnOwner(user, account.count);
        throw new ValidationError({ non_field_errors: ["Unable to log in with provided credentials."] });
      }
      await rateLimits.reset(pairKey);
      await rateLimits.reset(accountKey);
      // Said only to someone who knows the password: it tells nothing to a guesser.
      if (!user.isActive) throw new ValidationError({ non_field_errors: [DEACTIVATED_MESSAGE] });
      return { token: await issueToken(db, user.id), user: toUserResponse(user) };
    },

    async authenticate(rawToken: string): Promise<AuthenticatedUser> {
      const row = await repo.findUserByTokenHash(db, sha256(rawToken));
      // A deactivated account holds no tokens; refuse one anyway should it ever survive.
      if (!row || !row.user.isActive) throw new UnauthorizedError("Invalid token.");
      const now = clock.now();
      if (now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) await repo.touchToken(db, row.tokenId, now);
      return { user: row.user, tokenId: row.tokenId };
    },

    /** The signed-in user behind a token id (a live-events ticket names one); null once revoked or deactivated. */
    async authenticateTokenId(tokenId: string): Promise<AuthenticatedUser | null> {
      const user = await repo.findUserByTokenId(db, tokenId);
      return user?.isActive ? { user, tokenId } : null;
    },

    /** Which of these token ids still sign someone in (open event streams are checked with it). */
    async liveTokenIds(tokenIds: string[]): Promise<Set<string>> {
      return new Set(await repo.findLiveTokenIds(db, tokenIds));
    },

    async logout(tokenId: string): Promise<void> {
      await repo.deleteToken(db, tokenId);
      tokensRevoked({ tokenId });
    },

    /** Calls `listener` whenever tokens are revoked (sign-out, password change or reset, deactivation); returns the unsubscribe. */
    onTokensRevoked(listener: (revoked: RevokedTokens) => void): () => void {
      revocationListeners.add(listener);
      return () => revocationListeners.delete(listener);
    },

    async updateProfile(userId: string, input: UpdateUserRequest): Promise<User> {
      const changes = {
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.profile?.company_name !== undefined && { companyName: input.profile.company_name }),
        ...(input.profile?.phone_number !== undefined && { phoneNumber: input.profile.phone_number }),
        ...(input.profile?.address !== undefined && { address: input.profile.address }),
      };
      // Nothing to change ({}, unknown keys only, an empty profile): the user as they are.
      const row = Object.keys(changes).length > 0 ? await repo.updateUser(db, userId, changes) : await repo.findUserById(db, userId);
      if (!row) throw new UnauthorizedError("Invalid token.");
      return toUserResponse(row);
    },

    async changePassword(current: AuthenticatedUser, input: ChangePasswordRequest): Promise<void> {
      const { user } = current;
      if (!(await verify(user.passwordHash, input.old_password))) {
        throw new ValidationError({ old_password: ["Your old password was entered incorrectly. Please enter it again."] });
      }
      if (input.new_password !== input.confirm_password) {
        throw new ValidationError({ confirm_password: ["The two password fields didn't match."] });
      }
      const policy = checkPassword(input.new_password, policyContext(user));
      if (policy.length) throw new ValidationError({ new_password: policy });
      const passwordHash = await hash(input.new_password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: clock.now() });
        await repo.deleteUserTokens(tx, user.id, current.tokenId);
        await repo.deleteResetTokens(tx, user.id);
        await warnPasswordChanged(tx, user, "changed");
      });
      tokensRevoked({ userId: user.id, exceptTokenId: current.tokenId });
    },

    async forgotPassword(emailInput: string, ip: string): Promise<{ message: string }> {
      const email = emailInput.toLowerCase();
      await guard(`forgot:ip:${ip}`, limits.forgotPerIp, true);
      await guard(`forgot:account:${sha256(email)}`, limits.forgotPerAccount, true);
      const user = await repo.findUserByEmail(db, email);
      // A deactivated account gets no link; the answer is the same as for an unknown address.
      if (user?.isActive) {
        const token = randomSecret(32);
        const now = clock.now();
        const uid = Buffer.from(user.id).toString("base64url");
        const url = `${publicUrl}/reset-password/${uid}/${token}`;
        // The link and its e-mail are written together; the e-mail is rendered and sent by the job
        // worker, so the answer takes no longer when the account exists.
        await db.transaction(async (tx) => {
          await repo.insertResetToken(tx, user.id, sha256(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
          await outbox.send(tx, {
            to: user.email,
            subject: "Reset your password",
            email: emailSpec("genericEmail", {
              heading: "Reset your password",
              paragraphs: [
                "We received a request to reset the password of your Aurelia Atelier account.",
                "The link below works once and expires in one hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
              ],
              action: { label: "Choose a new password", url },
            }),
          });
        });
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(input: ResetPasswordRequest, ip: string): Promise<void> {
      const ipKey = `reset:ip:${ip}`;
      await guard(ipKey, limits.resetFailuresPerIp, false);
      const fail = async (message: string): Promise<never> => {
        await rateLimits.hit(ipKey, limits.resetFailuresPerIp.windowMs);
        throw new ErrorFieldError(message);
      };
      const invalid = "This password reset link is invalid or has already been used.";
      const userId = Buffer.from(input.uid, "base64url").toString("utf8");
      if (!/^[0-9a-f-]{36}$/i.test(userId)) return fail(invalid);
      const user = await repo.findUserById(db, userId);
      const token = user && (await repo.findResetToken(db, user.id, sha256(input.token)));
      if (!user || !user.isActive || !token || token.usedAt || token.createdAt < user.passwordChangedAt) return fail(invalid);
      const now = clock.now();
      if (token.expiresAt <= now) return fail("This password reset link has expired. Please request a new one.");
      if (input.new_password !== input.confirm_password) throw new ErrorFieldError("Passwords don't match.");
      const policy = checkPassword(input.new_password, policyContext(user));
      if (policy.length) throw new ErrorFieldError(policy.join(" "));
      if (await verify(user.passwordHash, input.new_password)) {
        throw new ErrorFieldError("Your new password must be different from your current password.");
      }
      const passwordHash = await hash(input.new_password);
      // A welcome link (it lives longer than a reset link) sets a new staff member's first password: nothing changed.
      const welcome = token.expiresAt.getTime() - token.createdAt.getTime() > RESET_TOKEN_TTL_MS;
      await db.transaction(async (tx) => {
        if (!(await repo.consumeResetToken(tx, token.id, now))) throw new ErrorFieldError(invalid);
        await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
        await repo.deleteUserTokens(tx, user.id);
        await repo.deleteResetTokens(tx, user.id);
        if (!welcome) await warnPasswordChanged(tx, user, "reset");
      });
      tokensRevoked({ userId: user.id });
    },

    /** Creates a staff or admin account (command line); there is never a default password. */
    /**
     * A staff or admin account with a chosen password (`npm run admin -- create`). Like an
     * invitation it needs the person's name (first name required; the invitation's rules), so
     * everything they do is credited to them by name.
     */
    async createAccount(input: { email: string; password: string; role: Role; firstName: string; lastName?: string }): Promise<User> {
      const email = input.email.toLowerCase();
      const names = createStaffInputSchema.pick({ first_name: true, last_name: true }).safeParse({ first_name: input.firstName, last_name: input.lastName ?? "" });
      const fields: Record<string, string[]> = {};
      if (!names.success) for (const issue of names.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
      const policy = checkPassword(input.password, { email });
      if (policy.length) fields.password = policy;
      if (!names.success || policy.length) throw new ValidationError(fields);
      if (await repo.findUserByEmail(db, email)) throw new ValidationError({ email: [DUPLICATE_EMAIL_MESSAGE] });
      const user = await repo.insertUser(db, {
        email,
        username: await deriveUsername(email),
        passwordHash: await hash(input.password),
        role: input.role,
        firstName: names.data.first_name,
        lastName: names.data.last_name,
        passwordChangedAt: clock.now(),
      });
      return toUserResponse(user);
    },

    // ---- people (the staff console's admins; each call runs in the caller's transaction) ----

    /**
     * A staff or admin account made by an admin: no password is ever chosen for it (the hash is of
     * a random secret nobody keeps), and a one-time set-password link valid for
     * WELCOME_TOKEN_TTL_HOURS is e-mailed by `sendWelcome`, queued in the caller's transaction.
     */
    async createInvitedAccount(
      tx: Db,
      input: { email: string; firstName: string; lastName: string; role: "staff" | "admin" },
    ): Promise<{ user: UserRow; welcome: { token: string } }> {
      const email = input.email.toLowerCase();
      if (await repo.findUserByEmail(tx, email)) throw new ValidationError({ email: [DUPLICATE_EMAIL_MESSAGE] });
      const now = clock.now();
      const [username, passwordHash] = await Promise.all([deriveUsername(email, tx), hash(randomSecret(32))]);
      let user: UserRow;
      try {
        // A savepoint: a lost race on the e-mail answers 400 without aborting the caller's transaction.
        user = await tx.transaction((sp) =>
          repo.insertUser(sp, {
            email,
            username,
            passwordHash,
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordChangedAt: now,
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new ValidationError({ email: [DUPLICATE_EMAIL_MESSAGE] });
        throw err;
      }
      const token = randomSecret(32);
      await repo.insertResetToken(tx, user.id, sha256(token), now, new Date(now.getTime() + WELCOME_TOKEN_TTL_HOURS * 60 * 60 * 1000));
      return { user, welcome: { token } };
    },

    /** The welcome e-mail with the set-password link (the reset page, `?welcome=1`), queued in the invitation's transaction. */
    async sendWelcome(tx: Db, user: UserRow, welcome: { token: string }, invitedBy: string): Promise<void> {
      const uid = Buffer.from(user.id).toString("base64url");
      const url = `${publicUrl}/reset-password/${uid}/${welcome.token}?welcome=1`;
      const role = user.role === "admin" ? "admin" : "staff";
      const mail: QueuedMail = {
        to: user.email,
        email: emailSpec("staffWelcomeEmail", {
          firstName: user.firstName,
          role,
          email: user.email,
          invitedBy,
          setPasswordUrl: url,
          validHours: WELCOME_TOKEN_TTL_HOURS,
        }),
      };
      await outbox.send(tx, mail);
    },

    /** The user, locked for the caller's transaction (role and activation changes). */
    lockUser: (tx: Db, id: string) => repo.lockUser(tx, id),

    /** Every active administrator's id, locked for the caller's transaction. */
    lockActiveAdmins: (tx: Db) => repo.lockActiveAdmins(tx),

    /** A new role; it takes effect on the user's next request (each request reads the user afresh). */
    setRole: (tx: Db, id: string, role: Role) => repo.updateUser(tx, id, { role }),

    /**
     * Deactivation revokes every token and every unused reset link in the caller's transaction:
     * the account's sessions stop at once and it cannot sign in or reset its password.
     */
    async setActive(tx: Db, id: string, active: boolean): Promise<UserRow> {
      const row = await repo.updateUser(tx, id, { isActive: active });
      if (!active) {
        await repo.deleteUserTokens(tx, id);
        await repo.deleteResetTokens(tx, id);
        // Before the caller commits: should it roll back, the closed streams just reconnect.
        tokensRevoked({ userId: id });
      }
      return row;
    },

    /** A page of accounts, newest first, with when each was last seen. */
    async listPeople(filter: repo.PeopleFilter, limit: number, offset: number) {
      const [total, users] = await Promise.all([repo.countPeople(db, filter), repo.listPeople(db, filter, limit, offset)]);
      const lastSeen = await repo.lastSeenOfMany(
        db,
        users.map((u) => u.id),
      );
      return { total, rows: users.map((user) => ({ user, lastSeenAt: lastSeen.get(user.id) ?? null })) };
    },

    lastSeenOf: (tx: Db, id: string) => repo.lastSeenOf(tx, id),

    /** Sends the e-mails queued so far (tests; nothing once the worker has stopped, at shutdown). */
    async drain(): Promise<void> {
      await deps.drainJobs?.();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function policyContext(user: UserRow) {
  return { email: user.email, username: user.username, firstName: user.firstName, lastName: user.lastName };
}
