import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4321);
// Shared with the spawned server (webServer) and the test workers through the environment.
process.env.E2E_MAIL_DIR ??= path.join(os.tmpdir(), `mayorista-e2e-mail-${port}`);
process.env.E2E_ADMIN_EMAIL ??= 'admin.e2e@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'Clave-Admin-E2E-2026';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these, Chromium keeps trying to reach Google's hosts, which this network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The installed app's worker (decision 042) serves a cached shell; only e2e/offline.spec.ts
    // turns it on, so every other test sees the server's answers as before.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      E2E_ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      E2E_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    },
  },
});
