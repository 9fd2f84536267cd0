import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { messages } from '@mayorista/core';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { defaultWebDistDir, registerSpa } from './plugins/spa';
import { registerHealthRoutes } from './modules/health/health.routes';

export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  db: Database;
  /** HMAC key for access tokens (HS256). */
  jwtSecret: Uint8Array;
  /** Where the built SPA is; tests that only exercise the API leave it out. */
  webDistDir?: string | null;
  logger?: boolean;
}

/** Query strings may carry single-use tokens (e-mail links); they never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|access_token|refresh_token)=)[^&]*/gi, '$1[REDACTED]');
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
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
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    // The SPA's ids are UUIDs; nothing needs longer path parameters.
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: messages.errors.rateLimited,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });

  registerAuth(app, deps);

  registerHealthRoutes(app, deps.pool);
  // Capability modules register here, one line each (routes → service → repository):

  const distDir = deps.webDistDir === undefined ? defaultWebDistDir() : deps.webDistDir;
  if (distDir) {
    await registerSpa(app, {
      distDir,
      config: { catalogName: config.catalogName, whatsappPhone: config.whatsappPhone },
    });
  }
  return app;
}
