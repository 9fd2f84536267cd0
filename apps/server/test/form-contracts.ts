import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { cuitCheckDigit } from '@mayorista/core';
import {
  adminNotesChangeSchema,
  businessProfileSchema,
  cartLinesSchema,
  editOrderSchema,
  personalMetadataSchema,
  placeOrderSchema,
  pointsAdjustmentSchema,
  priceListInputSchema,
  productFieldsSchema,
} from '@mayorista/core/schemas';
import { toAdminNotesBody, toPointsBody, type PointsValues } from '../../web/src/features/admin-users/admin-users-bodies';
import { toOrderEditBody, type OrderEditValues } from '../../web/src/features/admin-orders/order-edit-body';
import { toPriceListBody, type PriceListValues } from '../../web/src/features/admin-price-lists/price-list-body';
import { toProductBody, type ProductFormValues } from '../../web/src/features/admin-products/lib/product-form-values';
import { toRepriceBody, type RepriceValues } from '../../web/src/features/admin-products/lib/reprice-body';
import { toSettingsBody, type SettingsValues } from '../../web/src/features/admin-settings/settings-body';
import { toChangePasswordBody, toUpdateMeBody, type PasswordValues } from '../../web/src/features/account/account-bodies';
import { toRegisterBody, type RegisterValues } from '../../web/src/features/auth/register-body';
import { toEmailBody, toSignInBody, type SignInValues } from '../../web/src/lib/auth/session/auth-bodies';
import { toPlaceOrderBody, type PlaceOrderValues } from '../../web/src/features/checkout/place-order-body';
import { toListNameBody } from '../../web/src/features/lists/list-body';
import { createListSchema } from '@mayorista/core/schemas/lists';
import { quickOrderBodyFromText } from '../../web/src/features/quick-order/quick-order-body';
import { adjustmentRequestSchema, creditNoteRequestSchema, paymentRequestSchema, reversePaymentSchema } from '@mayorista/core/schemas/receivables';
import { addDays, businessDay } from '@mayorista/core/receivables';
import { zoneCreateSchema } from '@mayorista/core/schemas/deliveries';
import { settingsSchema } from '@mayorista/core/schemas/settings';
import { toZoneBody, type ZoneValues } from '../../web/src/features/admin-deliveries/zone-body';
import {
  emptyPayment,
  toAdjustmentBody,
  toCreditNoteBody,
  toCreditTermsBody,
  toPaymentBody,
  toReasonBody,
  type AdjustmentValues,
  type CreditNoteValues,
  type CreditTermsValues,
  type PaymentValues,
} from '../../web/src/features/admin-receivables/receivables-bodies';
import type { BusinessValues } from '../../web/src/components/business-values';
import { toStockCountBody, type StockCountValues } from '../../web/src/features/admin-stock/stock-count-body';

/**
 * Every form of the web app that sends a body to the API, with the very function the browser uses
 * to build that body (docs/decisions/028). form-contracts.test.ts sends each one through the real
 * route and generates, from the text fields' schemas, the bodies with only the required fields,
 * every field at its limit, every optional field filled, and each field one character over.
 * `WEB_REQUESTS` lists every call of the web app that sends a body: the test fails when one is
 * neither a form here nor classified as a button's fixed body.
 */

/** Who sends it; `fresh` is a new approved customer for each request. */
export type ContractCaller = 'anonymous' | 'unapproved' | 'customer' | 'admin' | 'superAdmin' | 'fresh';

/** What the contracts refer to; created once by the test. */
export interface ContractFixtures {
  /** A CUIT no other account holds. */
  freshCuit(): string;
  /** An address no other account holds. */
  freshEmail(): string;
  /** A word no other call got (names that must be unique). */
  unique(): string;
  /** The approved customer the customer contracts act as. */
  customerId: string;
  /** The unapproved account Mi cuenta's contract acts as. */
  unapprovedId: string;
  /** A verified account that signs in. */
  signInUser: { email: string; password: string };
  /** An enabled product with unlimited stock and SKU `fixtures.sku`. */
  productId: string;
  sku: string;
  /** Something each request acts on alone (an order to edit, a list to rename). */
  freshOrder(): Promise<{ id: string; updated_at: string; product_id: string }>;
  freshList(): Promise<string>;
  freshProduct(): Promise<string>;
  freshPriceList(): Promise<string>;
  /** Puts a product in the customer's saved cart (a list is copied from it). */
  fillCart(): Promise<void>;
  /** No minimum order (the settings contract leaves its largest one behind). */
  noMinimumOrder(): Promise<void>;
  /** A new approved customer of its own (credit terms that must not reach the other contracts' orders). */
  freshCustomer(): Promise<string>;
  /** A payment of the customer's, not reversed (for "Cheque rechazado"). */
  freshPayment(): Promise<number>;
}

export interface TextField {
  /** The field's schema in core: its limits and messages come from it (core/schemas/text.ts). */
  schema: z.ZodType;
  /** Where the value lands in the body (`data.razon_social`). */
  path: string;
}

export interface FormContract<V extends object = Record<string, unknown>, S = unknown> {
  /** The form as a person finds it. */
  form: string;
  /** Where the browser sends it: the web file and the first argument of its `apiRequest` call. */
  web: { file: string; call: string };
  method: 'POST' | 'PUT' | 'PATCH';
  caller: ContractCaller;
  /** Runs before each request: what that one request acts on. */
  prepare?(f: ContractFixtures): Promise<S>;
  url(f: ContractFixtures, state: S): string;
  /** The browser's own builder: form values → request body. */
  build(values: V): unknown;
  /** The form with only its required fields filled, every optional field left empty. */
  required(f: ContractFixtures, state: S): V;
  /** Every optional field filled as well. */
  full(f: ContractFixtures, state: S): V;
  /** The form's text fields by value name. */
  texts: Partial<Record<keyof V & string, TextField>>;
  /** The other fields at their limits (largest amount, quantity, list…), for (b). */
  limits?(f: ContractFixtures, state: S): Partial<V>;
  /** Status of an accepted request. */
  ok: number;
  /** What the route writes, as one SQL query: a refused request must leave its answer unchanged. */
  stored: (f: ContractFixtures, state: S) => { sql: string; params?: unknown[] };
}

const defineContract = <V extends object, S = undefined>(contract: FormContract<V, S>) => contract as unknown as FormContract;

export function freshCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return first10 + String(digit);
  }
}

const businessRequired = (f: ContractFixtures) => ({
  razon_social: 'Almacén Don José',
  cuit: f.freshCuit(),
  iva_condition: 'monotributista',
  whatsapp: '11 1234-5678',
  address_street: 'Av. Corrientes 1234',
  address_city: 'Buenos Aires',
  address_province: 'AR-B',
  address_postal_code: '1425',
  delivery_notes: '',
});

const businessTexts = (prefix: string) => ({
  razon_social: { schema: businessProfileSchema.shape.razon_social, path: `${prefix}razon_social` },
  address_street: { schema: businessProfileSchema.shape.address_street, path: `${prefix}address_street` },
  address_city: { schema: businessProfileSchema.shape.address_city, path: `${prefix}address_city` },
  delivery_notes: { schema: businessProfileSchema.shape.delivery_notes, path: `${prefix}delivery_notes` },
});

const randomDni = () => String(20_000_000 + Math.floor(Math.random() * 70_000_000));

const emptyProduct: ProductFormValues = {
  name: '',
  price: '',
  retail_price: '',
  on_sale: false,
  sale_price: '',
  on_sale_retail: false,
  sale_price_retail: '',
  discounts: [],
  stock: '',
  has_unlimited_stock: false,
  is_enabled: true,
  min_quantity: '',
  pack_size: '',
  max_quantity: '',
  weight_kg: '',
  sku: '',
  barcode: '',
  category: '',
  description: '',
  iva_rate: 21,
};

/** The product form's cases, the same for a new product and for an edit. */
const productFormCases = {
  build: toProductBody,
  limits: () => ({
    price: '1.000.000.000,00',
    retail_price: '1.000.000.000,00',
    sale_price: '999.999.999,99',
    sale_price_retail: '999.999.999,99',
    stock: '100000000',
    min_quantity: '10000',
    pack_size: '10000',
    max_quantity: '10000',
    weight_kg: '100000',
    discounts: Array.from({ length: 20 }, (_, i) => ({
      key: `t${i}`,
      minQuantity: String(10_000 - i),
      discountType: 'percentage' as const,
      discountValue: '99,99',
    })),
  }),
  required: (f) => ({ ...emptyProduct, name: `Yerba ${f.unique()}`, price: '1.500,00', retail_price: '2.000', stock: '10' }),
  full: (f) => ({
    ...emptyProduct,
    name: `Yerba ${f.unique()}`,
    price: '1.500,00',
    retail_price: '2.000',
    on_sale: true,
    sale_price: '1.400',
    on_sale_retail: true,
    sale_price_retail: '1.900',
    discounts: [{ key: 't1', minQuantity: '10', discountType: 'percentage', discountValue: '5' }],
    stock: '10',
    min_quantity: '2',
    pack_size: '2',
    max_quantity: '100',
    weight_kg: '1,25',
    sku: `SKU-${f.unique()}`,
    barcode: String(Date.now()).slice(-12),
    category: 'Almacén',
    description: 'Yerba mate con palo.\nPaquete de 1 kg.',
  }),
  texts: {
    name: { schema: productFieldsSchema.shape.name, path: 'name' },
    sku: { schema: productFieldsSchema.shape.sku, path: 'sku' },
    barcode: { schema: productFieldsSchema.shape.barcode, path: 'barcode' },
    category: { schema: productFieldsSchema.shape.category, path: 'category' },
    description: { schema: productFieldsSchema.shape.description, path: 'description' },
  },
} satisfies Pick<FormContract<ProductFormValues>, 'build' | 'limits' | 'required' | 'full' | 'texts'>;

/** The price list form's cases, the same for a new list and for an edit. */
const priceListFormCases = {
  build: toPriceListBody,
  limits: (f) => ({ percentage: '1000', rows: [{ product_id: f.productId, priceText: '1.000.000.000,00' }] }),
  required: (f) => ({ name: `Lista ${f.unique()}`, percentage: '-5', rows: [] }),
  full: (f) => ({
    name: `Lista ${f.unique()}`,
    percentage: '12,5 %',
    rows: [{ product_id: f.productId, priceText: '1.234,50' }],
  }),
  texts: { name: { schema: priceListInputSchema.shape.name, path: 'name' } },
} satisfies Pick<FormContract<PriceListValues>, 'build' | 'limits' | 'required' | 'full' | 'texts'>;

export const formContracts: FormContract[] = [
  defineContract<RegisterValues>({
    form: 'Registro (/register)',
    web: { file: 'apps/web/src/lib/auth/session/auth-client.ts', call: "'/api/auth/signup'" },
    method: 'POST',
    caller: 'anonymous',
    url: () => '/api/auth/signup',
    stored: () => ({ sql: 'select count(*)::int as n from users' }),
    build: toRegisterBody,
    // The longest address the schema takes (254: 64 + @ + 63 + . + 63 + . + 58 + .ar) and password.
    limits: () => ({
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ar`,
      password: 'ñ'.repeat(200),
    }),
    required: (f) => ({
      nombre: 'Lucía',
      apellido: 'Pérez',
      dni: randomDni(),
      email: f.freshEmail(),
      password: 'una-clave-bastante-larga',
      ...businessRequired(f),
    }),
    full: (f) => ({
      nombre: 'Lucía',
      apellido: 'Pérez',
      dni: randomDni(),
      email: f.freshEmail(),
      password: 'una-clave-bastante-larga',
      ...businessRequired(f),
      delivery_notes: 'Timbre 2B, de 8 a 13',
    }),
    texts: {
      nombre: { schema: personalMetadataSchema.shape.nombre, path: 'data.nombre' },
      apellido: { schema: personalMetadataSchema.shape.apellido, path: 'data.apellido' },
      ...businessTexts('data.'),
    },
    ok: 200,
  }),

  defineContract<SignInValues>({
    form: 'Iniciar sesión (/login)',
    web: { file: 'apps/web/src/lib/auth/session/auth-client.ts', call: "'/api/auth/token'" },
    method: 'POST',
    caller: 'anonymous',
    url: () => '/api/auth/token?grant_type=password',
    stored: () => ({ sql: "select count(*)::int as n from sessions where user_agent is distinct from 'vitest'" }),
    build: toSignInBody,
    required: (f) => ({ email: f.signInUser.email, password: f.signInUser.password }),
    full: (f) => ({ email: `  ${f.signInUser.email.toUpperCase()} `, password: f.signInUser.password }),
    texts: {},
    ok: 200,
  }),
  defineContract<{ email: string }>({
    form: '¿Olvidaste tu contraseña? (/recuperar-clave)',
    web: { file: 'apps/web/src/lib/auth/session/auth-client.ts', call: 'path' },
    method: 'POST',
    caller: 'anonymous',
    url: () => '/api/auth/recover',
    stored: () => ({ sql: 'select count(*)::int as n from email_tokens' }),
    build: (values) => toEmailBody(values.email),
    required: (f) => ({ email: f.signInUser.email }),
    full: (f) => ({ email: f.signInUser.email }),
    texts: {},
    ok: 200,
  }),
  defineContract<BusinessValues>({
    form: 'Mi cuenta: datos del negocio y de entrega (/mi-cuenta)',
    web: { file: 'apps/web/src/features/account/api/account-api.ts', call: "'/api/me'" },
    method: 'PATCH',
    caller: 'unapproved',
    url: () => '/api/me',
    stored: (f) => ({ sql: 'select to_jsonb(p) as row from profiles p where id = $1', params: [f.unapprovedId] }),
    build: toUpdateMeBody,
    required: (f) => businessRequired(f),
    full: (f) => ({ ...businessRequired(f), delivery_notes: 'Timbre 2B, de 8 a 13' }),
    texts: businessTexts(''),
    ok: 200,
  }),
  defineContract<PasswordValues, { userEmail: string }>({
    form: 'Mi cuenta: cambiar la contraseña',
    web: { file: 'apps/web/src/features/account/api/account-api.ts', call: "'/api/me/password'" },
    method: 'POST',
    caller: 'fresh',
    url: () => '/api/me/password',
    stored: () => ({ sql: 'select count(*)::int as n from sessions' }),
    build: toChangePasswordBody,
    limits: () => ({ next: 'ñ'.repeat(200) }),
    required: () => ({ current: FRESH_PASSWORD, next: 'otra-clave-bastante-larga' }),
    full: () => ({ current: FRESH_PASSWORD, next: 'otra-clave-bastante-larga' }),
    texts: {},
    ok: 204,
  }),
  defineContract<ProductFormValues>({
    form: 'Admin → Productos: nuevo producto',
    web: { file: 'apps/web/src/features/admin-products/api/admin-products-api.ts', call: "'/api/products'" },
    method: 'POST',
    caller: 'admin',
    url: () => '/api/products',
    stored: () => ({ sql: 'select count(*)::int as n, max(updated_at) as last from products' }),
    ...productFormCases,
    ok: 201,
  }),
  defineContract<ProductFormValues, { productId: string }>({
    form: 'Admin → Productos: editar un producto',
    web: { file: 'apps/web/src/features/admin-products/api/admin-products-api.ts', call: 'productPath(id)' },
    method: 'PUT',
    prepare: async (f) => ({ productId: await f.freshProduct() }),
    caller: 'admin',
    url: (_f, { productId }) => `/api/products/${productId}`,
    stored: (_f, { productId }) => ({ sql: 'select to_jsonb(p) as row from products p where id = $1', params: [productId] }),
    ...productFormCases,
    ok: 200,
  }),
  defineContract<PriceListValues>({
    form: 'Admin → Listas de precios: nueva lista',
    web: { file: 'apps/web/src/features/admin-price-lists/api/price-lists-api.ts', call: "'/api/admin/price-lists'" },
    method: 'POST',
    caller: 'admin',
    url: () => '/api/admin/price-lists',
    stored: () => ({ sql: 'select count(*)::int as n from price_lists' }),
    ...priceListFormCases,
    ok: 201,
  }),
  defineContract<PriceListValues, { listId: string }>({
    form: 'Admin → Listas de precios: editar una lista',
    web: { file: 'apps/web/src/features/admin-price-lists/api/price-lists-api.ts', call: 'path(id)' },
    method: 'PUT',
    prepare: async (f) => ({ listId: await f.freshPriceList() }),
    caller: 'admin',
    url: (_f, { listId }) => `/api/admin/price-lists/${listId}`,
    stored: (_f, { listId }) => ({ sql: 'select to_jsonb(l) as row from price_lists l where id = $1', params: [listId] }),
    ...priceListFormCases,
    ok: 200,
  }),
  defineContract<ZoneValues>({
    form: 'Admin → Repartos → Zonas: nueva zona',
    web: { file: 'apps/web/src/features/admin-deliveries/components/zones-panel.tsx', call: "'/api/admin/zones'" },
    method: 'POST',
    caller: 'admin',
    url: () => '/api/admin/zones',
    stored: () => ({ sql: 'select count(*)::int as n from delivery_zones' }),
    build: toZoneBody,
    limits: (f) => ({ name: `${f.unique()}${'z'.repeat(80)}`.slice(0, 80), weekdays: [0, 1, 2, 3, 4, 5, 6], cutoffDaysBefore: 3, minOrder: '10.000.000,00' }),
    required: (f) => ({ name: `Zona ${f.unique()}`, weekdays: [2], cutoffDaysBefore: 0, cutoffTime: '08:00', minOrder: '', driverId: '' }),
    full: (f) => ({ name: `Zona ${f.unique()}`, weekdays: [5, 2], cutoffDaysBefore: 1, cutoffTime: '18:00', minOrder: '150.000,50', driverId: '' }),
    texts: { name: { schema: zoneCreateSchema.shape.name, path: 'name' } },
    ok: 201,
  }),
  defineContract<SettingsValues>({
    form: 'Admin → Ajustes',
    web: { file: 'apps/web/src/features/admin-settings/settings-api.ts', call: "'/api/admin/settings'" },
    method: 'PUT',
    caller: 'admin',
    url: () => '/api/admin/settings',
    stored: () => ({ sql: 'select value from app_settings' }),
    build: toSettingsBody,
    limits: () => ({
      minOrder: '1.000.000.000,00',
      recipients: Array.from(
        { length: 20 },
        (_, i) => `${String(i).padStart(2, '0')}${'a'.repeat(62)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ar`,
      ).join('\n'),
      threshold: '1000000',
      approvalHours: '720',
    }),
    required: () => ({
      minOrder: '',
      switches: allSwitches(true),
      recipients: '',
      threshold: '',
      pricesIncludeIva: true,
      // Who issues the documents (decision 082): every box optional, left empty.
      businessRazonSocial: '',
      businessCuit: '',
      businessAddress: '',
      businessIvaCondition: '',
    }),
    full: () => ({
      minOrder: '100,50',
      switches: allSwitches(false),
      recipients: 'ventas@example.com\ndeposito@example.com, duenio@example.com',
      threshold: '3',
      pricesIncludeIva: false,
      approvalHours: '48',
      notice: { emailOn: true, whatsappOn: true, hour: '23' },
      businessRazonSocial: 'Distribuidora Ñandú S.R.L.',
      businessCuit: '30-71234567-1',
      businessAddress: 'Av. Colón 1234, Córdoba',
      businessIvaCondition: 'responsable_inscripto',
    }),
    texts: {
      businessRazonSocial: { schema: settingsSchema.shape.business_razon_social, path: 'business_razon_social' },
      businessAddress: { schema: settingsSchema.shape.business_address, path: 'business_address' },
    },
    ok: 200,
  }),
  defineContract<RepriceValues>({
    form: 'Admin → Productos: cambiar precios (vista previa)',
    web: { file: 'apps/web/src/features/admin-products/api/pricing-api.ts', call: "'/api/admin/products/reprice'" },
    method: 'POST',
    caller: 'admin',
    url: () => '/api/admin/products/reprice?dry_run=1',
    stored: () => ({ sql: 'select count(*)::int as n from price_changes' }),
    build: (values) => {
      const body = toRepriceBody(values);
      if (typeof body === 'string') throw new Error(body);
      return body;
    },
    required: () => ({
      scope: 'all',
      category: '',
      search: '',
      selectedIds: [],
      kind: 'up',
      value: '10',
      fields: ['price'],
      rounding: 'none',
    }),
    full: (f) => ({
      scope: 'selected',
      category: 'Almacén',
      search: 'yerba',
      selectedIds: [f.productId],
      kind: 'amount',
      value: '-1,50',
      fields: ['price', 'retail_price', 'sale_prices', 'tiers'],
      rounding: '10',
    }),
    texts: {},
    ok: 200,
  }),
  defineContract<OrderEditValues, { order: { id: string; updated_at: string; product_id: string } }>({
    form: 'Admin → Pedidos: editar un pedido',
    web: {
      file: 'apps/web/src/features/admin-orders/api/admin-orders-api.ts',
      call: '`/api/admin/orders/${encodeURIComponent(orderId)}`',
    },
    method: 'PATCH',
    caller: 'admin',
    prepare: async (f) => ({ order: await f.freshOrder() }),
    url: (_f, { order }) => `/api/admin/orders/${order.id}`,
    stored: (_f, { order }) => ({ sql: 'select items, total, updated_at from orders where id = $1', params: [order.id] }),
    build: toOrderEditBody,
    limits: (_f, { order }) => ({ lines: [{ product_id: order.product_id, quantity: 10_000 }] }),
    required: (_f, { order }) => ({
      lines: [{ product_id: order.product_id, quantity: 3 }],
      reason: 'Pidió una más',
      reprice: false,
      updatedAt: order.updated_at,
    }),
    full: (_f, { order }) => ({
      lines: [{ product_id: order.product_id, quantity: 5 }],
      reason: 'Pidió más por teléfono.\nConfirmado con el cliente.',
      reprice: true,
      updatedAt: order.updated_at,
    }),
    texts: { reason: { schema: editOrderSchema.shape.reason, path: 'reason' } },
    ok: 200,
  }),
  defineContract<PointsValues>({
    form: 'Admin → Clientes: ajustar puntos',
    web: {
      file: 'apps/web/src/features/admin-users/api/admin-users-api.ts',
      call: '`/api/admin/users/${encodeURIComponent(id)}/points`',
    },
    method: 'POST',
    caller: 'admin',
    url: (f) => `/api/admin/users/${f.customerId}/points`,
    stored: (f) => ({
      sql: 'select saldo_puntos, (select count(*)::int from points_movements) as moves from profiles where id = $1',
      params: [f.customerId],
    }),
    build: toPointsBody,
    limits: () => ({ balance: '1.000.000.000,00' }),
    required: () => ({ balance: '0', reason: 'Ajuste' }),
    full: () => ({ balance: '1.234,50', reason: 'Bonificación por volumen.\nAcordado en la visita.' }),
    texts: { reason: { schema: pointsAdjustmentSchema.shape.reason, path: 'reason' } },
    ok: 200,
  }),
  defineContract<{ notes: string }>({
    form: 'Admin → Clientes: notas internas',
    web: {
      file: 'apps/web/src/features/admin-users/api/admin-customer-api.ts',
      call: '`/api/admin/users/${encodeURIComponent(id)}/notes`',
    },
    method: 'PATCH',
    caller: 'admin',
    url: (f) => `/api/admin/users/${f.customerId}/notes`,
    stored: (f) => ({ sql: 'select admin_notes from profiles where id = $1', params: [f.customerId] }),
    build: (values) => toAdminNotesBody(values.notes),
    required: () => ({ notes: '' }),
    full: () => ({ notes: 'Paga a 30 días.\nLlamar antes de las 10.' }),
    texts: { notes: { schema: adminNotesChangeSchema.shape.admin_notes, path: 'admin_notes' } },
    ok: 200,
  }),
  defineContract<{ sku: string; quantity: string; preview: boolean }>({
    form: 'Pedido rápido (/pedido-rapido)',
    web: { file: 'apps/web/src/features/quick-order/quick-order-page.tsx', call: "'/api/cart/lines'" },
    method: 'POST',
    caller: 'customer',
    url: () => '/api/cart/lines',
    stored: (f) => ({ sql: 'select cart_data from cart where user_id = $1', params: [f.customerId] }),
    build: (values) => quickOrderBodyFromText(`${values.sku} ${values.quantity}`, values.preview),
    required: (f) => ({ sku: f.sku, quantity: '2', preview: true }),
    full: (f) => ({ sku: f.sku, quantity: '4', preview: false }),
    texts: { sku: { schema: cartLinesSchema.shape.lines.element.shape.sku, path: 'lines.0.sku' } },
    ok: 200,
  }),
  defineContract<PlaceOrderValues>({
    form: 'Carrito: realizar pedido (observaciones opcionales)',
    web: { file: 'apps/web/src/features/checkout/api/place-order.ts', call: "'/api/orders'" },
    method: 'POST',
    caller: 'customer',
    prepare: async (f) => {
      await f.noMinimumOrder();
      return undefined;
    },
    url: () => '/api/orders',
    stored: () => ({ sql: 'select count(*)::int as n from orders' }),
    build: toPlaceOrderBody,
    limits: (f) => ({ items: [{ product_id: f.productId, quantity: 10_000 }] }),
    required: (f) => ({
      items: [{ product_id: f.productId, quantity: 1 }],
      observaciones: '',
      payWithPoints: false,
      idempotencyKey: randomUUID(),
    }),
    full: (f) => ({
      items: [{ product_id: f.productId, quantity: 2 }],
      observaciones: 'Entregar por la tarde.\nTocar timbre 2B.',
      payWithPoints: false,
      idempotencyKey: randomUUID(),
    }),
    texts: { observaciones: { schema: placeOrderSchema.shape.observaciones, path: 'observaciones' } },
    ok: 201,
  }),
  defineContract<{ name: string }>({
    form: 'Mis listas: guardar el carrito como lista',
    web: { file: 'apps/web/src/features/lists/my-lists-page.tsx', call: "'/api/lists'" },
    method: 'POST',
    caller: 'customer',
    prepare: async (f) => {
      await f.fillCart();
      return undefined;
    },
    url: () => '/api/lists',
    stored: () => ({ sql: 'select count(*)::int as n from shopping_lists' }),
    build: (values) => toListNameBody(values.name),
    required: (f) => ({ name: `Semanal ${f.unique()}` }),
    full: (f) => ({ name: `Semanal ${f.unique()}` }),
    texts: { name: { schema: createListSchema.shape.name, path: 'name' } },
    ok: 201,
  }),
  defineContract<{ name: string }, { listId: string }>({
    form: 'Mis listas: renombrar una lista',
    web: { file: 'apps/web/src/features/lists/my-lists-page.tsx', call: '`/api/lists/${list.id}`' },
    method: 'PUT',
    caller: 'customer',
    prepare: async (f) => ({ listId: await f.freshList() }),
    url: (_f, { listId }) => `/api/lists/${listId}`,
    stored: (_f, { listId }) => ({ sql: 'select name, updated_at from shopping_lists where id = $1', params: [listId] }),
    build: (values) => toListNameBody(values.name),
    required: (f) => ({ name: `Mensual ${f.unique()}` }),
    full: (f) => ({ name: `Mensual ${f.unique()}` }),
    texts: { name: { schema: createListSchema.shape.name, path: 'name' } },
    ok: 200,
  }),
  // The cuenta corriente's dialogs (Admin → Cuentas corrientes → a customer).
  defineContract<PaymentValues>({
    form: 'Admin → Cuentas corrientes: Registrar cobranza',
    web: { file: 'apps/web/src/features/admin-receivables/api/receivables-api.ts', call: '`${userPath(id)}/payments`' },
    method: 'POST',
    caller: 'admin',
    url: (f) => `/api/admin/users/${f.customerId}/payments`,
    stored: (f) => ({ sql: 'select count(*)::int as n from payments where profile_id = $1', params: [f.customerId] }),
    // The dialog makes one key per opening; each request here is a new opening.
    build: (values) => toPaymentBody(values, randomUUID()),
    required: () => ({ ...emptyPayment(), amount: '1.234,56' }),
    full: () => ({
      amount: '10.000,50',
      method: 'cheque',
      bank: 'Banco de la Nación Argentina',
      chequeNumber: '00412345',
      chequeDate: addDays(businessDay(new Date()), 30),
      reference: 'Lote 4, entregado en mano',
      appliesTo: [],
    }),
    limits: () => ({ amount: '10.000.000,00' }),
    texts: {
      bank: { schema: paymentRequestSchema.shape.bank, path: 'bank' },
      reference: { schema: paymentRequestSchema.shape.reference, path: 'reference' },
    },
    ok: 201,
  }),
  defineContract<StockCountValues, [string, string]>({
    form: 'Admin → Stock: Guardar recuento',
    web: { file: 'apps/web/src/features/admin-stock/api.ts', call: "'/api/admin/stock-counts'" },
    method: 'POST',
    // The office holds stock.manage too (the warehouse's own calls are in stock-count.test.ts).
    caller: 'admin',
    prepare: async (f) => [await f.freshProduct(), await f.freshProduct()],
    url: () => '/api/admin/stock-counts',
    stored: (_f, ids) => ({ sql: 'select id, stock from products where id = any($1::uuid[]) order by id', params: [ids] }),
    build: toStockCountBody,
    // The fixtures' products have 100 units: a line that says 100 is sent too (the server answers it unchanged).
    required: (_f, [a, b]) => ({ lines: [{ productId: a, counted: '12' }, { productId: b, counted: '' }] }),
    full: (_f, [a, b]) => ({ lines: [{ productId: a, counted: '0' }, { productId: b, counted: '100' }] }),
    limits: (_f, [a, b]) => ({ lines: [{ productId: a, counted: '1000000' }, { productId: b, counted: '999999' }] }),
    texts: {},
    ok: 200,
  }),
  defineContract<CreditNoteValues>({
    form: 'Admin → Cuentas corrientes: Nota de crédito',
    web: { file: 'apps/web/src/features/admin-receivables/api/receivables-api.ts', call: '`${userPath(id)}/credit-notes`' },
    method: 'POST',
    caller: 'admin',
    url: (f) => `/api/admin/users/${f.customerId}/credit-notes`,
    stored: (f) => ({ sql: "select count(*)::int as n from account_movements where profile_id = $1 and kind = 'credit_note'", params: [f.customerId] }),
    build: toCreditNoteBody,
    required: () => ({ amount: '500', reason: 'Devolución', orderId: '' }),
    // The order is left out: it must be a delivered order of the customer, which no fixture makes yet.
    full: () => ({ amount: '1.234,56', reason: 'Devolución de 2 cajas golpeadas.\nAcordado con el chofer.', orderId: '' }),
    limits: () => ({ amount: '10.000.000,00' }),
    texts: { reason: { schema: creditNoteRequestSchema.shape.reason, path: 'reason' } },
    ok: 201,
  }),
  defineContract<AdjustmentValues>({
    form: 'Admin → Cuentas corrientes: Ajuste o saldo inicial',
    web: { file: 'apps/web/src/features/admin-receivables/api/receivables-api.ts', call: '`${userPath(id)}/adjustments`' },
    method: 'POST',
    caller: 'admin',
    url: (f) => `/api/admin/users/${f.customerId}/adjustments`,
    stored: (f) => ({ sql: "select count(*)::int as n from account_movements where profile_id = $1 and kind = 'adjustment'", params: [f.customerId] }),
    build: toAdjustmentBody,
    required: () => ({ direction: 'less', amount: '100', dueDate: '', reason: 'Redondeo' }),
    full: () => ({ direction: 'more', amount: '25.000', dueDate: addDays(businessDay(new Date()), 30), reason: 'Saldo del cuaderno.\nAl empezar con la cuenta corriente.' }),
    limits: () => ({ amount: '10.000.000,00' }),
    texts: { reason: { schema: adjustmentRequestSchema.shape.reason, path: 'reason' } },
    ok: 201,
  }),
  defineContract<CreditTermsValues, string>({
    form: 'Admin → Cuentas corrientes: Condiciones de crédito',
    web: { file: 'apps/web/src/features/admin-receivables/api/receivables-api.ts', call: '`${userPath(id)}/credit`' },
    method: 'PATCH',
    caller: 'admin',
    prepare: (f) => f.freshCustomer(),
    url: (_f, id) => `/api/admin/users/${id}/credit`,
    stored: (_f, id) => ({ sql: 'select credit_limit, payment_terms_days from customer_accounts where profile_id = $1', params: [id] }),
    build: toCreditTermsBody,
    required: () => ({ choice: 'default', customDays: '', limit: '' }),
    full: () => ({ choice: 'custom', customDays: '45', limit: '500.000' }),
    limits: () => ({ choice: 'custom', customDays: '365', limit: '1.000.000.000,00' }),
    texts: {},
    ok: 200,
  }),
  defineContract<{ reason: string }, number>({
    form: 'Admin → Cuentas corrientes: Cheque rechazado (revertir cobranza)',
    web: { file: 'apps/web/src/features/admin-receivables/api/receivables-api.ts', call: '`/api/admin/payments/${paymentId}/reverse`' },
    method: 'POST',
    caller: 'admin',
    prepare: (f) => f.freshPayment(),
    url: (_f, paymentId) => `/api/admin/payments/${paymentId}/reverse`,
    stored: (_f, paymentId) => ({ sql: "select count(*)::int as n from account_movements where payment_id = $1 and kind = 'reversal'", params: [paymentId] }),
    build: (values) => toReasonBody(values.reason),
    required: () => ({ reason: 'Cheque rechazado' }),
    full: () => ({ reason: 'Cheque rechazado por falta de fondos.\nAvisado por el banco.' }),
    texts: { reason: { schema: reversePaymentSchema.shape.reason, path: 'reason' } },
    ok: 201,
  }),
];

/** The password the `fresh` caller signs in with (each request gets a new account: a change ends the others' sessions). */
export const FRESH_PASSWORD = 'clave-de-prueba-segura';

/**
 * Calls of the web app that send a body but are no typed form: a button's fixed body, a session
 * or link step (covered by their own tests). Keyed like `web` above: `file call`.
 */
export const WEB_REQUESTS_WITHOUT_FORM: Record<string, string> = {
  "apps/web/src/lib/auth/session/auth-client.ts '/api/auth/verify'": 'the token of the e-mail link',
  "apps/web/src/lib/auth/session/auth-client.ts '/api/auth/reset-password'": 'the token of the e-mail link and the new password',
  "apps/web/src/lib/auth/session/auth-client.ts '/api/auth/logout'": 'no body',
  "apps/web/src/lib/cart/cart-api.ts '/api/cart'": 'the cart itself (product id → quantity), saved by the cart, not typed',
  "apps/web/src/lib/offline/queue.ts '/api/orders'":
    "an order queued without signal (decision 044): the checkout's lines and notes plus expected_total, not typed again; queue-model.test.ts and catalog-snapshot.test.ts",
  'apps/web/src/features/orders/api/orders-api.ts `/api/orders/${encodeURIComponent(orderId)}/cancel`': 'a button, no body',
  'apps/web/src/features/admin-dashboard/dashboard-api.ts `/api/admin/emails/${id}/retry`': 'a button, no body',
  'apps/web/src/features/admin-products/api/admin-products-api.ts `${productPath(id)}/enabled`': 'a switch: { is_enabled }',
  'apps/web/src/features/admin-products/api/admin-products-api.ts `${productPath(id)}/image`':
    'a file upload (multipart), untrusted-files tests',
  'apps/web/src/features/admin-products/api/admin-products-api.ts `${productPath(id)}/images`':
    'a file upload (multipart), untrusted-files tests',
  'apps/web/src/features/admin-products/api/admin-products-api.ts `${productPath(id)}/images/order`':
    'drag to reorder: the image ids',
  'apps/web/src/features/admin-products/api/pricing-api.ts `/api/admin/price-changes/${encodeURIComponent(id)}/undo`':
    'a button, no body',
  "apps/web/src/features/admin-products/api/pricing-api.ts '/api/admin/products/import'":
    'a spreadsheet upload (multipart), pricing-import tests',
  'apps/web/src/features/admin-orders/api/admin-orders-api.ts `/api/admin/orders/${encodeURIComponent(orderId)}/status`':
    'a status button: { status }',
  'apps/web/src/features/admin-users/components/price-list-select.tsx `/api/admin/users/${encodeURIComponent(userId)}/price-list`':
    'a select: { price_list_id }',
  'apps/web/src/features/admin-users/api/admin-users-api.ts `/api/admin/users/${encodeURIComponent(id)}/approval`':
    'a switch: { approved }',
  'apps/web/src/features/admin-users/api/admin-users-api.ts `/api/admin/users/${encodeURIComponent(id)}/role`':
    'a switch: { is_admin }',
  'apps/web/src/features/lists/my-lists-page.tsx `/api/lists/${id}/to-cart`': 'a button, no body',
  'apps/web/src/features/admin-orders/api/admin-orders-api.ts `/api/admin/orders/${encodeURIComponent(orderId)}/prepared`':
    "the warehouse's 'Marcar como Preparado', a button, no body (staff.test.ts)",
  "apps/web/src/features/admin-receivables/rendicion/rendicion-api.ts '/api/admin/collections/confirm'":
    'checkboxes and a button: { payment_ids } of the receipts handed in, confirmed in one transaction (rep.test.ts)',
  "apps/web/src/features/admin-staff/staff-api.ts '/api/admin/staff/invitations'": 'the invitation: { email, role } (staff.test.ts)',
  'apps/web/src/features/admin-staff/staff-api.ts `/api/admin/staff/${encodeURIComponent(id)}`': 'a role select: { role }',
  'apps/web/src/features/admin-staff/staff-api.ts `/api/admin/zones/${zoneId}/rep`': 'two selects: { rep_id } (rep.test.ts)',
  'apps/web/src/features/admin-staff/staff-api.ts `/api/admin/staff/${encodeURIComponent(id)}/commission`':
    'a percentage box read by core parseCommissionPercent (commission.test.ts): { commission_bp } (rep.test.ts)',
  'apps/web/src/features/admin-orders/api/admin-orders-api.ts `/api/admin/orders/${encodeURIComponent(orderId)}/release`':
    'a button: {} (the reason is optional and the screen asks for none)',
  'apps/web/src/features/admin-orders/api/admin-orders-api.ts `/api/admin/orders/${encodeURIComponent(orderId)}/reject-credit`':
    'a reason (toRejectCreditBody, core reasonSchema); its contract needs an order held by the credit check, which no fixture makes yet — receivables tests cover the route',
  // Repartos (decisions 049–051): their refusals are tested in test/deliveries.test.ts and test/driver-deliveries.test.ts.
  'apps/web/src/features/admin-deliveries/api.ts `/api/admin/deliveries/${date}/${zoneId}/stops`': 'drag or up/down buttons: the day’s order ids',
  'apps/web/src/features/admin-deliveries/api.ts `/api/admin/orders/${orderId}/delivery-date`': 'a date picker and a button: { date }',
  'apps/web/src/features/admin-deliveries/components/zones-panel.tsx `/api/admin/zones/${zone.id}`':
    'the same zone form as a new zone (toZoneBody, whose contract is the POST one), partial schema',
  'apps/web/src/features/admin-users/api/customer-zone-api.ts `/api/admin/users/${encodeURIComponent(id)}/zone`':
    'a zone select and a stop number: { zone_id, stop_position } (toCustomerZoneBody); refusals in test/deliveries.test.ts',
  'apps/web/src/features/driver/api.ts `/api/driver/orders/${orderId}/delivered`':
    'the driver’s Entregado form (quantities, amount, method); no form contract yet',
  'apps/web/src/features/driver/api.ts `/api/driver/orders/${orderId}/not-delivered`': 'a reason radio and an optional note: { reason, note }',
  // The sales rep's phone (decisions 047, 052, 053): rep.test.ts sends both through the rep routes.
  'apps/web/src/features/rep/rep-api.ts `${customerPath(customerId)}/orders`':
    "\"Tomar pedido\": ids and quantities, notes, the key and expected_total (toRepOrderBody); the checkout's schema, so the checkout's contract covers its fields",
  'apps/web/src/features/rep/rep-api.ts `${customerPath(customerId)}/payments`':
    "the shared payment form's body (lib/receivables/payment-body.ts toPaymentBody), whose contract runs through the office's route",
  "apps/web/src/lib/offline/rep-queue.ts customerPath(entry)":
    "the rep's order or payment queued without signal (decision 053): the two bodies above, kept and resent unchanged; rep-queue-model.test.ts and rep.test.ts",
};

const allSwitches = (on: boolean): SettingsValues['switches'] => ({
  email_customer_order_placed: on,
  email_customer_status_changed: on,
  email_customer_order_edited: on,
  email_admin_new_order: on,
  email_admin_order_cancelled: on,
});
