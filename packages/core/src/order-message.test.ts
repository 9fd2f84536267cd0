import { describe, expect, it } from 'vitest';
import { buildOrderMessage, normalizeArgentinePhone, statusWhatsappUrl, type OrderMessageInput } from './order-message';
import { formatMoney } from './money';

/** Intl puts a no-break space between the currency sign and the amount. */
const ars = (text: string) => text.replace(/\$ /g, '$\u00a0');

const base: OrderMessageInput = {
  orderId: '3f2b9c1e-7a44-4d1b-9e0f-0123456789ab',
  customer: { nombre: 'María', apellido: 'Núñez', email: 'maria@almacen.com.ar' },
  items: [
    { name: 'Yerba Mate Playadito 1 kg', quantity: 12, total: 46368_00 },
    { name: 'Azúcar Ledesma 1 kg', quantity: 3, total: 3570_00 },
  ],
  observaciones: 'Entregar por la mañana',
  canjeadoConPuntos: false,
  totalSavings: 4032_00,
  total: 49938_00,
};

describe('buildOrderMessage', () => {
  it('lists exactly the WhatsApp message content (docs/api.md) for a normal order', () => {
    expect(buildOrderMessage(base)).toBe(
      [
        '*Nuevo pedido #3f2b9c1e*',
        '',
        '*Cliente:* María Núñez',
        '*Email:* maria@almacen.com.ar',
        '',
        '*Productos:*',
        ars('- 12 x Yerba Mate Playadito 1 kg: $ 46.368,00'),
        ars('- 3 x Azúcar Ledesma 1 kg: $ 3.570,00'),
        '',
        '*Observaciones:* Entregar por la mañana',
        ars('*Ahorro total:* $ 4.032,00'),
        ars('*Total:* $ 49.938,00'),
      ].join('\n'),
    );
  });

  it.each([
    { label: 'empty notes', observaciones: '', expected: '*Observaciones:* Ninguna' },
    { label: 'blank notes', observaciones: '   \n ', expected: '*Observaciones:* Ninguna' },
    { label: 'missing notes', observaciones: null, expected: '*Observaciones:* Ninguna' },
    { label: 'multi-line notes', observaciones: 'Tocar timbre\n*Total:* $ 0', expected: '*Observaciones:* Tocar timbre *Total:* $ 0' },
  ])('shows $label as "$expected"', ({ observaciones, expected }) => {
    const lines = buildOrderMessage({ ...base, observaciones }).split('\n');
    expect(lines).toContain(expected);
    // A customer's line breaks never add lines that could pass for the business's own.
    expect(lines.filter((l) => l.startsWith('*Total:*'))).toHaveLength(1);
  });

  it.each([
    { canjeadoConPuntos: true, flagLines: 1 },
    { canjeadoConPuntos: false, flagLines: 0 },
  ])('includes the points flag only when paid with points ($canjeadoConPuntos)', ({ canjeadoConPuntos, flagLines }) => {
    const lines = buildOrderMessage({ ...base, canjeadoConPuntos }).split('\n');
    expect(lines.filter((l) => l.includes('CANJEADO CON PUNTOS'))).toHaveLength(flagLines);
  });

  it.each([
    { total: 0, text: '$ 0,00' },
    { total: 1, text: '$ 0,01' },
    { total: 123456789, text: '$ 1.234.567,89' },
  ])('formats the total $total centavos as $text', ({ total, text }) => {
    expect(buildOrderMessage({ ...base, total }).split('\n').at(-1)).toBe(ars(`*Total:* ${text}`));
  });

  it('writes one line per item in the given order, with quantity and line total', () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ name: `Producto ${i + 1}`, quantity: i + 1, total: (i + 1) * 1000 }));
    const itemLines = buildOrderMessage({ ...base, items })
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(itemLines).toEqual(items.map((it) => ars(`- ${it.quantity} x ${it.name}: $ ${it.total / 100},00`)));
  });

  it('uses the first 8 characters of the id as the order number', () => {
    expect(buildOrderMessage({ ...base, orderId: 'abcdef12-0000-0000-0000-000000000000' })).toMatch(/^\*Nuevo pedido #abcdef12\*\n/);
  });
});

describe('status WhatsApp link (the order-life work, decision 014)', () => {
  it.each([
    ['11 2233-4455', '5491122334455'],
    ['+54 9 11 2233 4455', '5491122334455'],
    ['011 15 2233-4455', '5491122334455'],
    ['(0351) 15 123-4567', '5493511234567'],
    ['549 351 1234567', '5493511234567'],
    ['1234', null],
    ['', null],
  ])('normalizes %s', (input, expected) => {
    expect(normalizeArgentinePhone(input)).toBe(expected);
  });

  it('opens the chat with the text, or lets the admin choose the chat without a phone', () => {
    expect(statusWhatsappUrl('5491122334455', 'Hola Ana: tu pedido está Confirmado')).toBe(
      'https://wa.me/5491122334455?text=Hola%20Ana%3A%20tu%20pedido%20est%C3%A1%20Confirmado',
    );
    expect(statusWhatsappUrl(null, 'x')).toBe('https://wa.me/?text=x');
  });
});

describe('buildOrderMessage with the business snapshot (the business-identity work, decisions 017–019)', () => {
  it('adds razón social, CUIT, IVA condition, phone and delivery address after the e-mail, formatted', () => {
    const customer = {
      ...base.customer,
      razon_social: 'Almacén Don José SRL',
      cuit: '30712345671',
      iva_condition: 'responsable_inscripto',
      whatsapp: '5491112345678',
      address_street: 'Av. Corrientes 1234',
      address_city: 'Buenos Aires',
      address_province: 'AR-C',
      address_postal_code: 'C1043AAZ',
      delivery_notes: 'Timbre 2B\nde 8 a 13',
    };
    const lines = buildOrderMessage({ ...base, customer }).split('\n');
    expect(lines.slice(2, 10)).toEqual([
      '*Cliente:* María Núñez',
      '*Email:* maria@almacen.com.ar',
      '*Razón social:* Almacén Don José SRL',
      '*CUIT:* 30-71234567-1',
      '*Condición frente al IVA:* Responsable Inscripto',
      '*WhatsApp:* +54 9 11 1234-5678',
      '*Dirección de entrega:* Av. Corrientes 1234, Buenos Aires, Ciudad Autónoma de Buenos Aires (CP C1043AAZ)',
      '*Indicaciones de entrega:* Timbre 2B de 8 a 13',
    ]);
  });

  it('an order from before the business-identity work (decisions 017–019) (no business keys) or with nulls reads as before', () => {
    const nulls = { razon_social: null, cuit: null, iva_condition: null, whatsapp: null, address_street: null };
    expect(buildOrderMessage({ ...base, customer: { ...base.customer, ...nulls } })).toBe(buildOrderMessage(base));
  });
});

describe('buildOrderMessage — IVA rows (the business-identity work, decisions 017–019)', () => {
  it('lists net and IVA per rate just above the total', () => {
    const text = buildOrderMessage({
      orderId: '12345678-aaaa-4bbb-8ccc-000000000000',
      customer: { nombre: 'Ana', apellido: 'Sosa', email: 'a@example.com' },
      items: [{ name: 'Gaseosa', quantity: 2, total: 242_00 }],
      observaciones: '',
      canjeadoConPuntos: false,
      totalSavings: 0,
      total: 242_00,
      ivaRows: [
        { label: 'Neto gravado', amount: 200_00 },
        { label: 'IVA 21 %', amount: 42_00 },
      ],
    });
    const lines = text.split('\n');
    expect(lines.slice(-3)).toEqual([`*Neto gravado:* ${formatMoney(200_00)}`, `*IVA 21 %:* ${formatMoney(42_00)}`, `*Total:* ${formatMoney(242_00)}`]);
  });
});

