import { orderItemsIva, toOrderIva } from '@mayorista/core/iva';
import type { Order, OrderItem } from '@mayorista/core/schemas/order';

/**
 * Orders that exercise every part of the order PDF (decision 027): names that wrap, words wider
 * than their column, many lines over several pages, sale and tier discounts, IVA itemised for a
 * Responsable Inscripto and contained for everyone else, an order from before IVA, points,
 * observaciones with newlines, Spanish letters and an emoji that prints as '?'.
 */
type IvaRate = NonNullable<OrderItem['iva_rate']>;

function item(i: number, name: string, quantity: number, price: number, options: { rate?: IvaRate; discount?: 'sale' | 'tier' } = {}): OrderItem {
  const savings = options.discount ? Math.round(price * 0.1) * quantity : 0;
  return {
    product_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name,
    quantity,
    price,
    total: price * quantity,
    discounts: {
      base_price: options.discount ? price + Math.round(price * 0.1) : price,
      savings,
      applied: options.discount ?? 'none',
      tier: options.discount === 'tier' ? { minQuantity: 12, discountType: 'percentage', discountValue: 10 } : null,
    },
    ...(options.rate === undefined ? {} : { iva_rate: options.rate }),
  };
}

function order(id: string, partial: Partial<Order> & Pick<Order, 'items'>, pricesIncludeIva: boolean | null): Order {
  const total = partial.items.reduce((s, i) => s + i.total, 0);
  return {
    id,
    user_id: '00000000-0000-4000-8000-000000000001',
    user_info: { nombre: 'Juan', apellido: 'Pérez', email: 'juan@example.com', dni: '30111222' },
    total,
    total_savings: partial.items.reduce((s, i) => s + i.discounts.savings, 0),
    iva: pricesIncludeIva === null ? null : toOrderIva(orderItemsIva(partial.items, pricesIncludeIva)),
    status: 'Pendiente',
    observaciones: '',
    canjeado_con_puntos: false,
    created_at: '2026-03-14T15:09:26.000Z',
    updated_at: '2026-03-14T15:09:26.000Z',
    ...partial,
  };
}

const LONG_NAMES = [
  'Yerba mate Playadito con palo 1 kg — paquete familiar',
  'Aceite de girasol Natura 1,5 L',
  'Azúcar Ledesma clásica 1 kg × 10 unidades (bulto cerrado, precio mayorista)',
  'Fideos',
  'Galletitas dulces surtidas Terrabusi "Variedad" 400 g, caja de 24 paquetes para kioscos y almacenes',
  'Papel higiénico Higienol Export hoja simple 4 × 30 m',
  'SuperCalifragilisticoEspialidosoSinEspaciosNiGuionesQueNoEntra',
  'Café molido La Virginia ¿tostado? ¡Intenso! ñandú 500 g',
  'Detergente Magistral limón 750 ml 🍋 edición especial',
  'Leche larga vida',
];
const RATES: IvaRate[] = [21, 10.5, 21, 0, 27];

export const ORDER_PDF_FIXTURES: Record<string, Order> = {
  short: order('0b0b6f2e-3f1b-4c1a-9a55-2b8f7f1c9d01', { items: [item(1, 'Fideos', 1, 123456, { rate: 21 }), item(2, 'Arroz', 3, 99900, { rate: 10.5 })] }, true),
  inscripto: order(
    '1c1c6f2e-3f1b-4c1a-9a55-2b8f7f1c9d02',
    {
      user_info: {
        nombre: 'María José',
        apellido: 'Núñez Äñ',
        email: 'compras@almacen-nunez.com.ar',
        dni: '27999888',
        razon_social: 'Almacén Núñez S.R.L. — sucursal ¿Güemes?',
        cuit: '30712345679',
        iva_condition: 'responsable_inscripto',
        whatsapp: '1155551234',
        address_street: 'Av. Corrientes 1234, piso 3º',
        address_city: 'Ciudad Autónoma de Buenos Aires',
        address_province: 'AR-C',
        address_postal_code: 'C1043',
        delivery_notes: 'Timbre roto 🔔, llamar al llegar',
      },
      items: LONG_NAMES.map((name, i) => item(i + 10, name, 1 + ((i * 7) % 30), 1000 + i * 123457, { rate: RATES[i % RATES.length]!, discount: i % 3 === 1 ? 'sale' : i % 3 === 2 ? 'tier' : undefined })),
      canjeado_con_puntos: true,
      status: 'Confirmado',
      observaciones: '  Entregar por la mañana.\nSi no hay nadie, dejar en la portería 🏢.\r\n¿Factura A? ¡Sí!\n\nGracias  ',
    },
    true,
  ),
  monotributo: order(
    '2d2d6f2e-3f1b-4c1a-9a55-2b8f7f1c9d03',
    {
      user_info: { nombre: 'Ñoño', apellido: 'Gómez', email: 'n@example.com', dni: '1', iva_condition: 'monotributista' },
      items: LONG_NAMES.slice(0, 6).map((name, i) => item(i + 30, name, 2 + i, 5000 + i * 777, { rate: RATES[i % RATES.length]!, discount: i % 2 ? 'tier' : undefined })),
      observaciones: 'Una observación larga que tiene que partirse en varias líneas porque no entra en el ancho de la página, '.repeat(4),
    },
    false,
  ),
  long: order(
    '3e3e6f2e-3f1b-4c1a-9a55-2b8f7f1c9d04',
    {
      user_info: { nombre: 'Pedro', apellido: 'Alvarez', email: 'p@example.com', dni: '22333444', iva_condition: 'consumidor_final' },
      items: Array.from({ length: 95 }, (_, i) => item(i + 100, `${LONG_NAMES[i % LONG_NAMES.length]!} nº ${i}`, 1 + (i % 48), 100 + i * 98765, { rate: RATES[i % RATES.length]!, discount: i % 4 === 3 ? 'sale' : i % 5 === 4 ? 'tier' : undefined })),
      observaciones: 'Línea 1\nLínea 2\n\tcon tabulador\nÚltima',
    },
    true,
  ),
  // Texts pdfkit's own path must handle: empty and blank names, soft hyphens and no-break spaces,
  // WinAnsi punctuation, one word wider than the column, hyphens and slashes, an empty DNI.
  edge: order(
    '5a5a6f2e-3f1b-4c1a-9a55-2b8f7f1c9d06',
    {
      user_info: { nombre: 'Ana', apellido: '', email: 'ana@example.com', dni: '', iva_condition: 'exento' },
      items: [
        '',
        ' ',
        'Jabón\u00aden\u00adpolvo\u00admultiacción\u00adconcentrado\u00adpara\u00adlavarropas',
        'Agua\u00a0mineral\u00a0sin\u00a0gas\u00a0botella\u00a0de\u00a02\u00a0litros\u00a0pack',
        'ÁÉÍÓÚ áéíóú Üü Ññ ¿? ¡! «» € “comillas” — – … ™',
        'a'.repeat(60),
        'Coca-Cola/Sprite 2,25 L (surtido) 6+6 y más   ',
      ].map((name, i) => item(i + 400, name, 12 + i, 4321 + i, { rate: 21, discount: i % 2 ? 'tier' : 'sale' })),
      observaciones: '   ',
    },
    true,
  ),
  legacy: order(
    '4f4f6f2e-3f1b-4c1a-9a55-2b8f7f1c9d05',
    { items: Array.from({ length: 30 }, (_, i) => item(i + 300, `Producto antiguo ${'muy '.repeat(i % 9)}largo ${i}`, 1 + i, 123456, { discount: i % 6 === 5 ? 'sale' : undefined })), status: 'Entregado' },
    null,
  ),
};
