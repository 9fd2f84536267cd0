import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Session } from '@mayorista/core';
import { profiles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { startSession } from '../src/modules/accounts/sessions';
import { setupTestApp, type TestContext } from './helpers';
import { STAFF_ROLE_LABELS, type StaffRole } from '@mayorista/core/roles';

export const DEFAULT_TEST_PASSWORD = 'clave-de-prueba-segura';

export interface TestUserOptions {
  email?: string;
  password?: string;
  nombre?: string;
  apellido?: string;
  dni?: string;
  approved?: boolean;
  is_admin?: boolean;
  is_super_admin?: boolean;
  /** A staff role (decision 046); the database sets is_admin / is_super_admin to match it. */
  staff_role?: StaffRole;
  saldo_puntos?: number;
  /** false leaves the e-mail unverified (sign-in is then refused with 403). Default true. */
  verified?: boolean;
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** A real session (sessions row + refresh token), signed with the app's secret. */
  session: Session;
  /** `{ authorization: 'Bearer …' }` for `ctx.app.inject({ headers })`. */
  headers: { authorization: string };
}

// argon2id is deliberately slow; most tests share one password, so hash it once per file.
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
};

const randomDni = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

/**
 * A user with profile inserted directly (any flags you need) and a live session, without going
 * through sign-up and e-mail. Defaults: verified, approved customer, not admin, 0 points.
 */
export async function createVerifiedUser(ctx: TestContext, options: TestUserOptions = {}): Promise<TestUser> {
  const email = (options.email ?? `cliente-${randomBytes(5).toString('hex')}@example.com`).trim().toLowerCase();
  const password = options.password ?? DEFAULT_TEST_PASSWORD;
  const metadata = { nombre: options.nombre ?? 'Cliente', apellido: options.apellido ?? 'Prueba', dni: options.dni ?? randomDni() };
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      metadata,
    })
    .returning({ id: users.id, email: users.email, metadata: users.metadata });
  await ctx.db.insert(profiles).values({
    id: user!.id,
    ...metadata,
    email,
    approved: options.approved ?? true,
    isAdmin: options.is_admin ?? false,
    isSuperAdmin: options.is_super_admin ?? false,
    staffRole: options.staff_role ?? null,
    saldoPuntos: options.saldo_puntos ?? 0,
  });
  const jwtSecret = new TextEncoder().encode(ctx.config.jwtSecret ?? 'x'.repeat(32));
  const session = await startSession(ctx.db, jwtSecret, user!, { userAgent: 'vitest', ip: '127.0.0.1' });
  return { userId: user!.id, email, password, session, headers: { authorization: `Bearer ${session.access_token}` } };
}

/** An approved admin (is_admin) with a session. */
export const createAdmin = (ctx: TestContext, options: TestUserOptions = {}) =>
  createVerifiedUser(ctx, { nombre: 'Admin', ...options, approved: true, is_admin: true });

/** An approved staff member with one of the roles of decision 046 (sales rep, warehouse, driver…). */
export const createStaff = (ctx: TestContext, role: StaffRole, options: TestUserOptions = {}) =>
  createVerifiedUser(ctx, { nombre: STAFF_ROLE_LABELS[role], ...options, approved: true, staff_role: role });

/** An approved super admin with a session. */
export const createSuperAdmin = (ctx: TestContext, options: TestUserOptions = {}) =>
  createVerifiedUser(ctx, { nombre: 'Super', ...options, approved: true, is_admin: true, is_super_admin: true });

// ── e-mail: the app's own outbox (no SMTP_URL) under a temporary DATA_DIR ──

export interface TestContextWithOutbox extends TestContext {
  /** Where the app writes every e-mail as an .eml file. */
  outboxDir: string;
}

/** `setupTestApp` with a private DATA_DIR, so the e-mails of this test file can be read back. */
export async function setupTestAppWithOutbox(options: { env?: Record<string, string> } = {}): Promise<TestContextWithOutbox> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mayorista-mail-'));
  const ctx = await setupTestApp({ env: { DATA_DIR: dataDir, ...options.env } });
  return { ...ctx, outboxDir: path.join(dataDir, 'outbox') };
}

const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

/** Every e-mail to `to` in the outbox, oldest first. */
export async function readMails(outboxDir: string, to: string): Promise<ParsedMail[]> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  const mails = await Promise.all(files.filter((f) => f.endsWith('.eml')).sort().map(async (f) => simpleParser(await readFile(path.join(outboxDir, f)))));
  return mails.filter((m) => addressesOf(m).includes(to.toLowerCase()));
}

/** Mail is sent after the HTTP answer, so wait until the `count`-th message to `to` is on disk. */
export async function waitForMail(outboxDir: string, to: string, count = 1, timeoutMs = 5000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readMails(outboxDir, to);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no llegó el correo número ${count} para ${to} (hay ${mails.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `token` query parameter of the first link to `pathname` in the mail's text part. */
export function tokenFromMail(mail: ParsedMail, pathname: '/verificar-correo' | '/restablecer-clave' | '/invitacion'): string {
  for (const match of (mail.text ?? '').matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    const token = url.searchParams.get('token');
    if (url.pathname === pathname && token) return token;
  }
  throw new Error(`el correo no tiene un enlace a ${pathname}`);
}

/** The catalogue's three kinds of viewer: an admin, an approved customer and one awaiting approval. */
export async function createCatalogueViewers(ctx: TestContext): Promise<{ admin: TestUser; customer: TestUser; pendingCustomer: TestUser }> {
  const [admin, customer, pendingCustomer] = await Promise.all([
    createAdmin(ctx),
    createVerifiedUser(ctx, { approved: true }),
    createVerifiedUser(ctx, { approved: false }),
  ]);
  return { admin, customer, pendingCustomer };
}
