import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { IvaCondition } from '@mayorista/core/business';
import type { Order } from '@mayorista/core/schemas/order';
import { checkConsistency } from '../src/db/consistency';
import { products, profiles } from '../src/db/schema';
import type { InvoiceIssuer, InvoiceRequest } from '../src/modules/invoicing/invoice-issuer';
import { createOrderEmailRenderer } from '../src/modules/orders/orders.emails';
import { createAdmin, createSuperAdmin, createVerifiedUser, type TestUser } from './factories';
import { setupTestApp } from './helpers';
import { createProduct } from './orders-fixtures';

// The business-identity work, decision 019: IVA per product, the setting both ways, the order's snapshot and
// every document, against a real PostgreSQL; the PDF read back with pdftotext, the CSV with csv-parse.

const issued: InvoiceRequest[] = [];
const recordingIssuer: InvoiceIssuer = {
  issue: (request) => {
    issued.push(request);
    return Promise.resolve(null);
  },
};
const ctx = await setupTestApp({ invoiceIssuer: recordingIssuer });
const admin = await createAdmin(ctx);
const superAdmin = await createSuperAdmin(ctx);

const work = await mkdtemp(path.join(tmpdir(), 'iva-pdf-'));
afterAll(() => rm(work, { recursive: true, force: true }));

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  await promisify(execFile)('pdftotext', ['-layout', file, `${file}.txt`]);
  return readFile(`${file}.txt`, 'utf8');
}

const setPricesIncludeIva = async (value: boolean) => {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { prices_include_iva: value } });
  expect(res.statusCode).toBe(200);
};

async function customer(condition: IvaCondition | null): Promise<TestUser> {
  const user = await createVerifiedUser(ctx, { nombre: 'Almacén', apellido: condition ?? 'sin condición' });
  await ctx.db.update(profiles).set({ ivaCondition: condition }).where(eq(profiles.id, user.userId));
  return user;
}

async function productAt(rate: 21 | 10.5 | 27 | 0, price: number, name: string) {
  const row = await createProduct(ctx, { name: `${name} ${Math.random().toString(36).slice(2, 6)}`, price, stock: 1000 });
  await ctx.db.update(products).set({ ivaRate: rate }).where(eq(products.id, row.id));
  return row;
}

/** A mixed order: 2 × $ 121 at 21 %, 1 × $ 110,50 at 10,5 %, 1 × $ 127 at 27 %, 3 × $ 50 exento. */
async function mixedOrder(user: TestUser): Promise<Order> {
  const lines = [
    [await productAt(21, 121_00, 'Gaseosa'), 2],
    [await productAt(10.5, 110_50, 'Harina'), 1],
    [await productAt(27, 127_00, 'Gas envasado'), 1],
    [await productAt(0, 50_00, 'Leche'), 3],
  ] as const;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: user.headers,
    payload: { items: lines.map(([p, quantity]) => ({ product_id: p.id, quantity })) },
  });
  expect(res.statusCode).toBe(201);
  lastWhatsappText = new URL(res.json<{ whatsapp_url: string }>().whatsapp_url).searchParams.get('text') ?? '';
  return res.json<{ order: Order }>().order;
}
let lastWhatsappText = '';

beforeEach(() => setPricesIncludeIva(true));

describe('a product’s IVA rate', () => {
  const base = { name: 'Fideos', price: 1_000_00, retail_price: 1_500_00 };

  it('defaults to 21 %, accepts 10,5 % and comes back in the wholesale view', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { ...base, name: 'Fideos 1' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().iva_rate).toBe(21);
    const reduced = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { ...base, name: 'Fideos 2', iva_rate: 10.5 } });
    expect(reduced.json().iva_rate).toBe(10.5);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/products?search=Fideos', headers: admin.headers });
    expect(list.json().items.map((p: { iva_rate: number }) => p.iva_rate).sort()).toEqual([10.5, 21]);
  });

  it('refuses any other rate with a Spanish message and creates nothing; the database refuses it too', async () => {
    for (const iva_rate of [19, '21', -21, null]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: admin.headers, payload: { ...base, name: 'Fideos malos', iva_rate } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 % (exento).');
    }
    expect(await ctx.db.select().from(products).where(eq(products.name, 'Fideos malos'))).toEqual([]);
    const row = await createProduct(ctx);
    await expect(ctx.pool.query('update products set iva_rate = 19 where id = $1', [row.id])).rejects.toMatchObject({ code: '23514' });
  });
});

describe('the order’s IVA, prices including IVA (the default)', () => {
  it('snapshots net, IVA per rate and a total equal to the lines’ sum', async () => {
    const order = await mixedOrder(await customer('responsable_inscripto'));
    const lines = 2 * 121_00 + 110_50 + 127_00 + 3 * 50_00;
    expect(order.total).toBe(lines);
    expect(order.iva).toEqual({
      prices_include_iva: true,
      net: 200_00 + 100_00 + 100_00 + 150_00,
      iva: 42_00 + 10_50 + 27_00,
      total: lines,
      groups: [
        { rate: 21, net: 200_00, iva: 42_00 },
        { rate: 10.5, net: 100_00, iva: 10_50 },
        { rate: 27, net: 100_00, iva: 27_00 },
        { rate: 0, net: 150_00, iva: 0 },
      ],
    });
    expect(order.items.map((i) => i.iva_rate)).toEqual([21, 10.5, 27, 0]);
    const [stored] = (await ctx.pool.query('select iva from orders where id = $1', [order.id])).rows;
    expect(stored.iva).toEqual(order.iva);
    // The business's WhatsApp text lists the breakdown above the total.
    expect(lastWhatsappText).toMatch(/\*Neto gravado:\* \$\s400,00\n\*Exento:\* \$\s150,00\n\*IVA 21 %:\* \$\s42,00\n\*IVA 10,5 %:\* \$\s10,50\n\*IVA 27 %:\* \$\s27,00\n\*Total:\* \$\s629,50$/);
  });

  it('a Responsable Inscripto’s PDF itemises IVA per rate, with net lines', async () => {
    const user = await customer('responsable_inscripto');
    const order = await mixedOrder(user);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: user.headers });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Neto gravado: \$ 400,00/);
    expect(text).toMatch(/Exento: \$ 150,00/);
    expect(text).toMatch(/IVA 21 %: \$ 42,00/);
    expect(text).toMatch(/IVA 10,5 %: \$ 10,50/);
    expect(text).toMatch(/IVA 27 %: \$ 27,00/);
    expect(text).toMatch(/Total: \$ 629,50/);
    expect(text).toContain('Precios sin IVA');
    expect(text).toContain('P. unit. neto');
    // The 21 % line: 2 × $ 100,00 net.
    expect(text).toMatch(/Gaseosa \w+\s+2\s+21 %\s+\$ 100,00\s+-\s+\$ 200,00/);
    expect(text).not.toContain('IVA contenido');
  });

  it('a Consumidor Final’s PDF shows final prices and the IVA they contain', async () => {
    const user = await customer('consumidor_final');
    const order = await mixedOrder(user);
    const text = await pdfText((await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}/pdf`, headers: user.headers })).rawPayload);
    expect(text).toMatch(/Gaseosa \w+\s+2\s+\$ 121,00\s+-\s+\$ 242,00/);
    expect(text).toMatch(/IVA contenido: \$ 79,50/);
    expect(text).toMatch(/Total: \$ 629,50/);
    expect(text).toContain('Precios finales con IVA incluido.');
    expect(text).not.toContain('Neto gravado');
    expect(text).not.toMatch(/IVA 21 %:/);
  });
});

describe('the order’s IVA, prices excluding IVA', () => {
  it('adds IVA on top: the total is net + IVA, points and db:check agree', async () => {
    await setPricesIncludeIva(false);
    const order = await mixedOrder(await customer('monotributista'));
    // Nets: 242 + 110,50 + 127 + 150; IVA: round(242 × 21 %) = 50,82, 11,60 (11,6025), 34,29, 0.
    expect(order.iva).toMatchObject({
      prices_include_iva: false,
      net: 629_50,
      groups: [
        { rate: 21, net: 242_00, iva: 50_82 },
        { rate: 10.5, net: 110_50, iva: 11_60 },
        { rate: 27, net: 127_00, iva: 34_29 },
        { rate: 0, net: 150_00, iva: 0 },
      ],
    });
    expect(order.iva!.iva).toBe(96_71);
    expect(order.total).toBe(629_50 + 96_71);
    expect(order.iva!.total).toBe(order.total);
    const report = await checkConsistency(ctx.pool);
    expect(report.violations).toEqual([]);
  });

  it('the minimum order compares the total the customer pays (with IVA)', async () => {
    await setPricesIncludeIva(false);
    const user = await customer('consumidor_final');
    const product = await productAt(21, 1_000_00, 'Aceite');
    await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { min_order_amount: 1_100_00 } });
    try {
      // $ 1.000 + 21 % = $ 1.210 ≥ $ 1.100: accepted, though the lines alone are below it.
      const res = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user.headers, payload: { items: [{ product_id: product.id, quantity: 1 }] } });
      expect(res.statusCode).toBe(201);
      expect(res.json().order.total).toBe(1_210_00);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { min_order_amount: 0 } });
    }
  });

  it('an edit recomputes the breakdown under the setting the order was placed with', async () => {
    await setPricesIncludeIva(false);
    const order = await mixedOrder(await customer('responsable_inscripto'));
    // The setting changes afterwards: the order keeps its own.
    await setPricesIncludeIva(true);
    const lines = order.items.filter((i) => i.iva_rate !== 27).map((i) => ({ product_id: i.product_id, quantity: i.quantity }));
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      headers: superAdmin.headers,
      payload: { lines, reason: 'Sin gas', reprice: false },
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<Order>();
    expect(edited.iva).toMatchObject({ prices_include_iva: false, net: 502_50, iva: 62_42 });
    expect(edited.iva!.groups.map((g) => g.rate)).toEqual([21, 10.5, 0]);
    expect(edited.total).toBe(502_50 + 62_42);
    expect((await checkConsistency(ctx.pool)).violations).toEqual([]);
  });
});

describe('the order e-mail', () => {
  it('shows the customer’s view: IVA per rate for an RI, the IVA contained for a CF', async () => {
    const render = createOrderEmailRenderer({ pool: ctx.pool, catalogName: 'Distribuidora', appUrl: 'http://localhost', issuer: async () => null });
    const mailFor = async (condition: IvaCondition) => {
      const order = await mixedOrder(await customer(condition));
      return render({ id: 1, kind: 'order_placed', recipient: 'x@example.com', orderId: order.id, data: {}, attempts: 0 });
    };
    const ri = await mailFor('responsable_inscripto');
    expect(ri.text).toMatch(/2 × Gaseosa \w+: \$\s200,00/);
    expect(ri.text).toMatch(/Neto gravado: \$\s400,00\nExento: \$\s150,00\nIVA 21 %: \$\s42,00\nIVA 10,5 %: \$\s10,50\nIVA 27 %: \$\s27,00\n/);
    const cf = await mailFor('consumidor_final');
    expect(cf.text).toMatch(/2 × Gaseosa \w+: \$\s242,00/);
    expect(cf.text).toMatch(/IVA contenido: \$\s79,50/);
    expect(cf.html).toContain('IVA contenido');
  });
});

describe('the cart says how to show IVA', () => {
  it('carries the setting and whether the customer sees IVA itemised', async () => {
    const ri = await customer('responsable_inscripto');
    const cf = await customer('consumidor_final');
    const none = await customer(null);
    const cart = async (user: TestUser) => (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })).json();
    expect(await cart(ri)).toMatchObject({ prices_include_iva: true, iva_itemised: true });
    expect(await cart(cf)).toMatchObject({ prices_include_iva: true, iva_itemised: false });
    expect(await cart(none)).toMatchObject({ iva_itemised: false });
    await setPricesIncludeIva(false);
    expect(await cart(ri)).toMatchObject({ prices_include_iva: false, iva_itemised: true });
  });
});

describe('the CSV export', () => {
  it('adds net, IVA per rate and IVA total; an order from before IVA leaves them empty', async () => {
    const user = await customer('responsable_inscripto');
    const order = await mixedOrder(user);
    await ctx.pool.query(
      `insert into orders (user_id, user_info, items, total, status)
       values ($1, $2, '[{"product_id":"00000000-0000-0000-0000-000000000001","name":"Viejo","quantity":1,"price":500,"total":500,"discounts":{"base_price":500,"savings":0,"applied":"none","tier":null}}]', 500, 'Pendiente')`,
      [user.userId, JSON.stringify({ nombre: 'Almacén', apellido: 'viejo', email: user.email, dni: '1' })],
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/export.csv?customer=${encodeURIComponent(user.email)}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const [old, placed] = [rows.find((r) => r['Apellido'] === 'viejo')!, rows.find((r) => r['Apellido'] !== 'viejo')!];
    expect(placed).toMatchObject({ Total: '629,50', Neto: '550,00', 'IVA 21 %': '42,00', 'IVA 10,5 %': '10,50', 'IVA 27 %': '27,00', 'IVA total': '79,50' });
    expect(old).toMatchObject({ Total: '5,00', Neto: '', 'IVA 21 %': '', 'IVA total': '' });
    expect(order.total).toBe(629_50);
  });

  it('an order from before IVA still renders: API with iva null, PDF without a breakdown', async () => {
    const user = await customer('responsable_inscripto');
    const { rows } = await ctx.pool.query<{ id: string }>(
      `insert into orders (user_id, user_info, items, total, status)
       values ($1, $2, '[{"product_id":"00000000-0000-0000-0000-000000000002","name":"Viejo","quantity":2,"price":500,"total":1000,"discounts":{"base_price":500,"savings":0,"applied":"none","tier":null}}]', 1000, 'Pendiente')
       returning id`,
      [user.userId, JSON.stringify({ nombre: 'Almacén', apellido: 'viejo', email: user.email, dni: '1' })],
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${rows[0]!.id}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().iva).toBeNull();
    const text = await pdfText((await ctx.app.inject({ method: 'GET', url: `/api/orders/${rows[0]!.id}/pdf`, headers: user.headers })).rawPayload);
    expect(text).toMatch(/Total: \$ 10,00/);
    expect(text).not.toContain('IVA');
  });
});

describe('the electronic-invoice seam', () => {
  it('confirming an order hands its invoice request to the issuer: Factura A with ARCA’s rate ids for an RI', async () => {
    const order = await mixedOrder(await customer('responsable_inscripto'));
    issued.length = 0;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: superAdmin.headers, payload: { status: 'Confirmado' } });
    expect(res.statusCode).toBe(200);
    expect(issued).toEqual([
      expect.objectContaining({
        orderId: order.id,
        invoiceType: 'A',
        net: 550_00,
        iva: 79_50,
        total: 629_50,
        rates: [
          { arcaId: 5, rate: 21, base: 200_00, amount: 42_00 },
          { arcaId: 4, rate: 10.5, base: 100_00, amount: 10_50 },
          { arcaId: 6, rate: 27, base: 100_00, amount: 27_00 },
          { arcaId: 3, rate: 0, base: 150_00, amount: 0 },
        ],
      }),
    ]);
  });

  it('a Consumidor Final gets Factura B; other status changes issue nothing', async () => {
    const order = await mixedOrder(await customer('consumidor_final'));
    issued.length = 0;
    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: superAdmin.headers, payload: { status: 'Confirmado' } });
    await ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, headers: superAdmin.headers, payload: { status: 'Preparado' } });
    expect(issued.map((r) => r.invoiceType)).toEqual(['B']);
  });
});
