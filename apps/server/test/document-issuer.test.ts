import { describe, expect, it } from 'vitest';
import { messages } from '@mayorista/core/messages';
import { createAdmin, createStaff, createVerifiedUser, setupTestAppWithOutbox, waitForMail } from './factories';
import { setupTestApp, type TestContext } from './helpers';
import { pay, pdfText, placeOrder } from './receivables-fixtures';

// Who issues the documents (decision 082): the business's razón social, CUIT, domicilio and
// condición frente al IVA, saved in the settings, at the head of the receipt, the statement and the
// order PDF; none set, the documents keep the header they always had.

const CATALOG = 'Catálogo Mayorista';
const IDENTITY = {
  business_razon_social: 'Distribuidora Ñandú S.R.L.',
  business_cuit: '30-71234567-1',
  business_address: 'Av. Colón 1234, Córdoba',
  business_iva_condition: 'responsable_inscripto',
};

const putSettings = (ctx: TestContext, headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload });
const storedSettings = async (ctx: TestContext) => (await ctx.pool.query('select value from app_settings')).rows[0]?.value ?? null;

/** The customer's three documents as they download them: the order, a receipt and the statement. */
async function documentsOf(ctx: TestContext) {
  const admin = await createAdmin(ctx);
  const customer = await createVerifiedUser(ctx);
  const { order } = await placeOrder(ctx, customer, 2);
  const payment = await pay(ctx, admin, customer.userId, { amount: 5_000 });
  expect(payment.statusCode, payment.body).toBe(201);
  const read = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: customer.headers });
    expect([res.statusCode, res.headers['content-type']], res.body).toEqual([200, 'application/pdf']);
    return (await pdfText(res.rawPayload)).text;
  };
  return {
    order: await read(`/api/orders/${order!.id}/pdf`),
    receipt: await read(`/api/me/receipts/${payment.json().id}/pdf`),
    statement: await read('/api/me/account/statement.pdf'),
  };
}

describe('PUT /api/admin/settings: who issues the documents', () => {
  it('the owner saves them (the CUIT stored as 11 digits); a customer and a staff member without the settings permission get 403 and nothing changes', async () => {
    const ctx = await setupTestApp();
    const owner = await createStaff(ctx, 'owner');
    const before = await storedSettings(ctx);
    for (const caller of [await createVerifiedUser(ctx), await createStaff(ctx, 'warehouse'), await createStaff(ctx, 'sales')]) {
      const res = await putSettings(ctx, caller.headers, IDENTITY);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await storedSettings(ctx)).toEqual(before);

    const saved = await putSettings(ctx, owner.headers, IDENTITY);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...IDENTITY, business_cuit: '30712345671' });
    expect(await storedSettings(ctx)).toMatchObject({ ...IDENTITY, business_cuit: '30712345671' });
  });

  it.each([
    [{ business_cuit: '30-71234567-2' }, messages.business.cuitCheckDigit],
    [{ business_cuit: '3071234567' }, messages.business.cuitFormat],
    [{ business_razon_social: 'Ñandú\nS.R.L.' }, messages.business.razonSocialInvalid],
    [{ business_address: 'd'.repeat(201) }, messages.settings.businessAddressTooLong],
    [{ business_iva_condition: 'consumidor_final' }, messages.business.ivaConditionInvalid],
  ])('refuses %j with 400 and its Spanish message, changing nothing', async (payload, message) => {
    const ctx = await setupTestApp();
    const owner = await createStaff(ctx, 'owner');
    expect((await putSettings(ctx, owner.headers, IDENTITY)).statusCode).toBe(200);
    const before = await storedSettings(ctx);
    const res = await putSettings(ctx, owner.headers, { ...IDENTITY, business_razon_social: 'Otra S.A.', ...payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    expect(await storedSettings(ctx)).toEqual(before);
  });

  it('an emptied field is stored as not set (null), never ""', async () => {
    const ctx = await setupTestApp();
    const owner = await createStaff(ctx, 'owner');
    await putSettings(ctx, owner.headers, IDENTITY);
    const res = await putSettings(ctx, owner.headers, { business_address: '', business_cuit: '   ', business_iva_condition: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedSettings(ctx)).toMatchObject({
      business_razon_social: IDENTITY.business_razon_social,
      business_address: null,
      business_cuit: null,
      business_iva_condition: null,
    });
  });
});

describe('the documents name who issues them', () => {
  it('receipt, statement and order PDF print the razón social, CUIT, IVA condition and domicilio under the catalogue name', async () => {
    const ctx = await setupTestApp();
    const owner = await createStaff(ctx, 'owner');
    expect((await putSettings(ctx, owner.headers, IDENTITY)).statusCode).toBe(200);
    const documents = await documentsOf(ctx);
    for (const [name, text] of Object.entries(documents)) {
      expect(text, name).toContain(`${CATALOG}\nDistribuidora Ñandú S.R.L.\nCUIT 30-71234567-1 · IVA Responsable Inscripto\nDomicilio: Av. Colón 1234, Córdoba\n`);
    }
  });

  it('only what is set is printed: a CUIT alone', async () => {
    const ctx = await setupTestApp();
    const owner = await createStaff(ctx, 'owner');
    expect((await putSettings(ctx, owner.headers, { business_cuit: '30712345671' })).statusCode).toBe(200);
    const { receipt } = await documentsOf(ctx);
    expect(receipt).toMatch(new RegExp(`^${CATALOG}\\nCUIT 30-71234567-1\\nRecibo N° `));
  });

  it('with none set, each document keeps its old header: the catalogue name, then the title', async () => {
    const ctx = await setupTestApp();
    const { order, receipt, statement } = await documentsOf(ctx);
    expect(order).toMatch(new RegExp(`^${CATALOG}\\nPedido #`));
    expect(receipt).toMatch(new RegExp(`^${CATALOG}\\nRecibo N° `));
    expect(statement).toMatch(new RegExp(`^${CATALOG}\\nResumen de cuenta\\n`));
    for (const text of [order, receipt, statement]) expect(text).not.toContain('CUIT 30');
  });

  it('the PDFs the e-mails attach carry it too (the order placed, the receipt), read from the settings when sent', async () => {
    const ctx = await setupTestAppWithOutbox();
    const owner = await createStaff(ctx, 'owner');
    expect((await putSettings(ctx, owner.headers, IDENTITY)).statusCode).toBe(200);
    const admin = await createAdmin(ctx);
    const customer = await createVerifiedUser(ctx);
    ctx.app.outbox.start();
    try {
      await placeOrder(ctx, customer, 1);
      const placed = await waitForMail(ctx.outboxDir, customer.email, 1, 20_000);
      expect((await pdfText(placed.attachments[0]!.content)).text).toContain('Distribuidora Ñandú S.R.L.\nCUIT 30-71234567-1 · IVA Responsable Inscripto');
      expect((await pay(ctx, admin, customer.userId, { amount: 5_000 })).statusCode).toBe(201);
      const receipt = await waitForMail(ctx.outboxDir, customer.email, 2, 20_000);
      expect(receipt.attachments[0]!.filename).toMatch(/^recibo-/);
      expect((await pdfText(receipt.attachments[0]!.content)).text).toContain('Distribuidora Ñandú S.R.L.\nCUIT 30-71234567-1 · IVA Responsable Inscripto');
    } finally {
      await ctx.app.outbox.stop();
    }
  }, 60_000);
});
