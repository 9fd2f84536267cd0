import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** Decodes a quoted-printable body (soft line breaks and =XX escapes) into UTF-8 text. */
export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Waits for the e-mail to `to` that the SMTP server of e2e/support/serve.mjs saved, and returns the first link matching `linkPath`. */
export async function waitForMailLink(to: string, linkPath: string, timeoutMs = 15_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]+${linkPath.replace(/[/?]/g, '\\$&')}\\?token=[^\\s"'<>&]+`);
  while (Date.now() < deadline) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const file of files) {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
      const decoded = decodeQuotedPrintable(raw);
      const match = decoded.match(pattern);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No llegó un correo a ${to} con un enlace a ${linkPath}.`);
}

export function uniqueEmail(tag: string): string {
  return `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export function uniqueDni(): string {
  return String(20_000_000 + Math.floor(Math.random() * 70_000_000));
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Cerrar sesión', includeHidden: true })).toHaveCount(1);
}

/**
 * The seeded admin signed in through the form on a new page of `context`, at /admin?tab=`tab`, and
 * the API's 5xx answers that page gets from then on (a test expects none).
 */
export async function openAdminTab(context: BrowserContext, tab: string): Promise<{ page: Page; serverErrors: string[] }> {
  const page = await context.newPage();
  const serverErrors: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 500) serverErrors.push(`${r.request().method()} ${r.url()} ${r.status()}`);
  });
  await page.goto('/login');
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  await page.goto(`/admin?tab=${tab}`);
  return { page, serverErrors };
}

export async function accessTokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/token?grant_type=password', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Registers, verifies (through the e-mail link's token) and approves (as the e2e admin) a customer, through the API. */
export async function createApprovedCustomer(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const password = 'Clave-Cliente-E2E-2026';
  const signup = await request.post('/api/auth/signup', { data: { email, password, data: { nombre: 'Cliente', apellido: 'Prueba', dni: uniqueDni() } } });
  expect(signup.status(), await signup.text()).toBe(200);
  const { user } = (await signup.json()) as { user: { id: string } };
  const link = await waitForMailLink(email, '/verificar-correo');
  const token = new URL(link).searchParams.get('token');
  const verify = await request.post('/api/auth/verify', { data: { token } });
  expect(verify.status(), await verify.text()).toBe(200);
  const adminToken = await accessTokenFor(request, process.env.E2E_ADMIN_EMAIL!, process.env.E2E_ADMIN_PASSWORD!);
  const approve = await request.patch(`/api/admin/users/${user.id}/approval`, { data: { approved: true }, headers: { Authorization: `Bearer ${adminToken}` } });
  expect(approve.status(), await approve.text()).toBe(200);
  return { id: user.id, email, password };
}

/**
 * A fresh valid CUIT (type 30) with the official mod-11 check digit, so runs never collide on the
 * one-account-per-CUIT rule. Written out here rather than imported: e2e loads no workspace TypeScript.
 */
export function uniqueCuit(): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const digit = 11 - ([...first10].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11);
    if (digit === 10) continue;
    return `${first10}${digit === 11 ? 0 : digit}`;
  }
}

export const dashedCuit = (cuit: string) => `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;

/** Fills the business and delivery fields of the sign-up form or Mi cuenta (the business-identity work, decisions 017–019), as a person types them. */
export async function fillBusinessFields(page: Page, cuit: string, razonSocial = 'Almacén Don José SRL'): Promise<void> {
  await page.getByLabel('Razón social').fill(razonSocial);
  await page.getByLabel('CUIT').fill(dashedCuit(cuit));
  await page.getByLabel('Condición frente al IVA').selectOption('responsable_inscripto');
  await page.getByLabel('WhatsApp').fill('011 15-1234-5678');
  await page.getByLabel('Calle y número').fill('Av. Corrientes 1234');
  await page.getByLabel('Localidad').fill('Buenos Aires');
  await page.getByLabel('Provincia').selectOption('AR-C');
  await page.getByLabel('Código postal').fill('C1043AAZ');
  await page.getByLabel('Indicaciones de entrega').fill('Timbre 2B, de 8 a 13');
}
