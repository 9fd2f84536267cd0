import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * Which `X-Forwarded-For` entries to believe (decision 010). Never "all": trusting every hop
 * takes the leftmost entry, which the client writes itself, so rotating it dodged every per-IP
 * limit (the abuse-limits work, decision 010).
 * - `0` (or empty, `false`): no proxy; the socket address is the client.
 * - `1`…`10` (`true`/`yes` mean 1): that many proxies in front, each appending the address it saw;
 *   the client is the entry that many hops from the right.
 * - a comma-separated list of proxy addresses or CIDRs (or `loopback`, `linklocal`,
 *   `uniquelocal`): hops from those addresses are skipped, the first other one is the client.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const v = value.toLowerCase();
    if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
    if (v === 'true' || v === 'yes') return 1;
    if (/^\d+$/.test(v)) {
      if (Number(v) <= 10) return Number(v);
    } else {
      const entries = v.split(',').map((e) => e.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: 'must be 0, a hop count from 1 to 10, or a comma-separated list of proxy IP addresses or CIDRs' });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    APP_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Catálogo Mayorista <no-responder@localhost>'),
    CATALOG_NAME: z.string().trim().min(1).max(80).default('Catálogo Mayorista'),
    WHATSAPP_PHONE: z
      .string()
      .regex(/^\d{8,15}$/, 'must be digits only, in international form (e.g. 5491122334455)')
      .default('5491100000000'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.default(true),
    JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySchema.default(false),
    RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_AUTH_WINDOW: z.string().default('1 minute'),
    RATE_LIMIT_EMAIL_MAX: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_ORDERS_MAX: z.coerce.number().int().positive().default(60),
    UPLOADS_DIR: z.string().optional(),
    // The order-life work: the e-mail outbox worker (decision 014).
    OUTBOX_WORKER: booleanFlag.default(true),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  })
  .refine((e) => !e.ADMIN_PASSWORD || e.ADMIN_EMAIL, {
    path: ['ADMIN_EMAIL'],
    message: 'is required when ADMIN_PASSWORD is set',
  })
  .refine((e) => !e.ADMIN_EMAIL || e.ADMIN_PASSWORD, {
    path: ['ADMIN_PASSWORD'],
    message: 'is required when ADMIN_EMAIL is set',
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the whole environment once. Every bad variable is reported together,
 * so an operator fixes them in one go instead of one restart per mistake.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings from shells or .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    catalogName: e.CATALOG_NAME,
    whatsappPhone: e.WHATSAPP_PHONE,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    // Demo data only ever goes into the embedded default; a real DATABASE_URL is seeded explicitly.
    seedDemo: e.SEED_DEMO && !e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      authMax: e.RATE_LIMIT_AUTH_MAX,
      authWindow: e.RATE_LIMIT_AUTH_WINDOW,
      emailMax: e.RATE_LIMIT_EMAIL_MAX,
      ordersPerMinute: e.RATE_LIMIT_ORDERS_MAX,
    },
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    outbox: {
      enabled: e.OUTBOX_WORKER,
      pollMs: e.OUTBOX_POLL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      concurrency: e.OUTBOX_CONCURRENCY,
      smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    },
  };
}
