import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { messages } from '@mayorista/core';
import type { Config } from './config';
import type { Database } from './db/client';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStrictJson } from './plugins/strict-json';
import { clientErrorHandler } from './plugins/client-errors';
import { frameworkErrorHandler } from './plugins/framework-errors';
import { registerNoStore } from './plugins/no-store';
import { defaultWebDistDir, registerSpa } from './plugins/spa';
import { realtimeRoutes } from './routes/realtime.routes';
import { registerHealthRoutes } from './routes/health.routes';
import { accountsRoutes } from './routes/accounts.routes';
import { createMailer, type Mailer } from './lib/mailer';
import { cartRoutes } from './routes/cart.routes';
import { listsRoutes } from './routes/lists.routes';
import { ordersRoutes } from './routes/orders.routes';
import type { InvoiceIssuer } from './modules/invoicing';
import { pointsRoutes } from './routes/points.routes';
import { productRoutes } from './routes/products.routes';
import { pricingRoutes } from './routes/pricing.routes';
import { priceListsRoutes } from './routes/price-lists.routes';
import { settingsRoutes } from './routes/settings.routes';
import { dashboardRoutes } from './routes/dashboard.routes';
import { outboxRoutes } from './routes/outbox.routes';
import { repRoutes } from './routes/rep.routes';
import { staffRoutes } from './routes/staff.routes';
import { receivablesRoutes } from './routes/receivables.routes';
import { deliveriesRoutes } from './routes/deliveries.routes';
import { stockRoutes } from './routes/stock.routes';
import { queueAccountReminders } from './flows/account-reminders';
import { queueDeliveryNotices } from './flows/delivery-notices';
import { createEmailSender, EmailThread, type EmailOutbox, type EmailSenderConfig } from './flows/send-emails';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the e-mail outbox (decisions 014, 075); runs from ready to close unless config.outbox.enabled is off. */
    outbox: EmailOutbox;
  }
}

export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  db: Database;
  /** HMAC key for access tokens (HS256). */
  jwtSecret: Uint8Array;
  /** Where the built SPA is; tests that only exercise the API leave it out. */
  webDistDir?: string | null;
  logger?: boolean;
  /** Outgoing e-mail; built from config (SMTP_URL or DATA_DIR/outbox) when absent. Tests pass a capturing one. */
  mailer?: Mailer;
  /** Longest time a client may take to send a whole request (slow-loris guard); 30 s unless a test shortens it. */
  requestTimeoutMs?: number;
  /** How long a WebSocket may stay open without joining; 5 s unless a test shortens it. */
  realtimeJoinTimeoutMs?: number;
  /** Electronic invoicing (decision 019): none today (noInvoiceIssuer); tests pass a recording one. */
  invoiceIssuer?: InvoiceIssuer;
  /** The business's clock (delivery days, due dates, overdue days); tests inject one to move "today". */
  now?: () => Date;
}

/** Query strings may carry single-use tokens (e-mail links); they never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|access_token|refresh_token)=)[^&]*/gi, '$1[REDACTED]');
}

/**
 * Work the clock starts, queued at start and then every `everyMs`: the cuenta corriente's due-date
 * reminders (decision 039) each hour, "Tu pedido llega hoy" every five minutes (it waits for its
 * hour). Each is done at most once a day per item or order whatever process runs it (a unique key
 * in the database), so every process may.
 */
function scheduleClockJob(app: FastifyInstance, everyMs: number, label: string, job: () => Promise<unknown>): void {
  const run = () => void job().catch((error: unknown) => app.log.error({ err: error }, `${label}: falló la cola`));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * The e-mail outbox of this process: started when the app is ready (unless config.outbox.enabled
 * is off; tests then start it themselves), stopped after the message in hand when it closes, so
 * SIGTERM never cuts a send in half. It runs on its own low-priority thread with its own database
 * connections (decision 075); a mailer passed in (a test's) is driven here on the main thread.
 */
function createOutbox(app: FastifyInstance, deps: AppDeps): EmailOutbox {
  const { config, pool } = deps;
  const outbox: EmailOutbox = deps.mailer
    ? createEmailSender(pool, deps.mailer, config, app.log)
    : new EmailThread(pool, emailSenderConfig(config), app.log);
  app.decorate('outbox', outbox);
  if (config.outbox.enabled) app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.stop());
  return outbox;
}

/** Only what the e-mail thread needs crosses to it (the JWT secret, for one, stays here). */
function emailSenderConfig({ mailFrom, smtpUrl, dataDir, catalogName, appUrl, outbox }: Config): EmailSenderConfig {
  return { mailFrom, smtpUrl, dataDir, catalogName, appUrl, outbox };
}

/**
 * A hop count as the function Fastify itself builds from a number (its types accept no number):
 * hop 0 is the socket's peer, so `n` trusted proxies means the first `n` hops are proxies.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
/**
 * Every schema is zod (`setValidatorCompiler`/`setSerializerCompiler` below, for every route).
 * Given as the compilers' factories, Fastify never loads its default JSON-schema compilers (ajv and
 * fast-json-stringify, ~100 ms of every start, decision 045). Their types name ajv's compilers;
 * Fastify only calls what the factories return, as a route's compiler, hence the cast.
 */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<
  FastifyServerOptions['schemaController']
>['compilersFactory'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const requestTimeoutMs = deps.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.refresh_token'],
              censor: '[REDACTED]',
            },
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    requestTimeout: requestTimeoutMs,
    // Fastify sets server.requestTimeout after creating the server, and Node then applies it to
    // headers only: a client could stall a body forever. Given at creation, it covers the body too.
    // Node looks for timed-out requests only at connectionsCheckingInterval (30 s by default, which
    // would let a slow request live up to twice the timeout); a quarter of the timeout keeps it accurate.
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.floor(requestTimeoutMs / 4)) },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    // The SPA's ids are UUIDs; nothing needs longer path parameters.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictJson(app);
  registerSecurityHeaders(app);
  registerNoStore(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: messages.errors.rateLimited,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });

  await app.register(authPlugin, deps);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const outbox = createOutbox(app, deps);
  const onEmailsQueued = () => outbox.nudge();
  if (config.outbox.enabled) {
    const jobDeps = { pool: deps.pool, onEmailsQueued, ...(deps.now ? { now: deps.now } : {}) };
    scheduleClockJob(app, 60 * 60 * 1000, 'recordatorios', () => queueAccountReminders(jobDeps));
    scheduleClockJob(app, 5 * 60 * 1000, 'aviso de entrega', () => queueDeliveryNotices(jobDeps));
  }

  registerHealthRoutes(app, deps.pool);
  // Route groups register here, one line each (route → module or flow, docs/architecture.md). Each
  // is a plugin that names what it needs (auth, the catalogue cache, the outbox): a missing one
  // stops the start-up.
  await app.register(accountsRoutes, { ...deps, mailer });
  await app.register(cartRoutes, deps);
  await app.register(listsRoutes, deps);
  await app.register(ordersRoutes, { ...deps, onEmailsQueued });
  await app.register(pointsRoutes, deps);
  await app.register(productRoutes, deps);
  await app.register(pricingRoutes, deps);
  await app.register(stockRoutes, deps);
  await app.register(priceListsRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(outboxRoutes, { ...deps, onEmailsQueued });
  await app.register(realtimeRoutes, deps);
  await app.register(receivablesRoutes, { ...deps, onEmailsQueued });
  await app.register(deliveriesRoutes, { ...deps, onEmailsQueued });
  await app.register(staffRoutes, { ...deps, mailer });
  await app.register(repRoutes, { ...deps, onEmailsQueued });

  const distDir = deps.webDistDir === undefined ? defaultWebDistDir() : deps.webDistDir;
  if (distDir) {
    await registerSpa(app, {
      distDir,
      config: { catalogName: config.catalogName, whatsappPhone: config.whatsappPhone },
    });
  }
  return app;
}
