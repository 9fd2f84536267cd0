// Starts what the browser tests run against: a real SMTP server that stores every message as
// an .eml file in E2E_MAIL_DIR, and the built app on a throw-away DATA_DIR that sends to it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const { SMTPServer } = require('smtp-server');

const port = Number(process.env.E2E_PORT ?? 4321);
const mailDir = process.env.E2E_MAIL_DIR;
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mayorista-e2e-data-'));

let counter = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      writeFileSync(path.join(mailDir, `${Date.now()}-${++counter}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const app = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Catálogo E2E <pedidos@example.com>',
    CATALOG_NAME: 'Distribuidora E2E',
    WHATSAPP_PHONE: '5491122334455',
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // The tests sign in many times from one address.
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_ORDERS_MAX: '10000',
    RATE_LIMIT_EMAIL_MAX: '10000',
  },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  smtp.close(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(stopping ? 0 : (code ?? 1));
  });
});
