import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DiscountTier, IvaCondition } from '@mayorista/core';
import type { OrderItem, OrderIva, OrderUserInfo } from '@mayorista/core/schemas/order';
import type { IvaRate } from '@mayorista/core/iva';
import type { StaffRole } from '@mayorista/core/roles';

// Money and points are integer centavos in bigint columns; mode 'number' is exact up to 2^53.
const centavos = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/** Single-use links sent by e-mail (verification, password recovery); only a hash is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'recover_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_id_idx').on(t.userId),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'recover_password')`),
  ],
);

/** A signed-in device. Access tokens carry its id, so revoking it stops them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Opaque refresh tokens, rotated on every use; a reused rotated token revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    email: text('email').notNull(),
    dni: text('dni').notNull(),
    approved: boolean('approved').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** Decision 046 (migration 0020): the staff role; a trigger keeps is_admin / is_super_admin equal to it. */
    staffRole: text('staff_role').$type<StaffRole>(),
    saldoPuntos: centavos('saldo_puntos').notNull().default(0),
    // The business-identity work (migration 0010, docs/decisions/017): the customer as a business. Nullable: accounts
    // from before it are asked to complete them. Stored normalised (core/business.ts): the CUIT as
    // 11 digits, the phone as 549 + area + number, the province as its ISO 3166-2:AR code.
    razonSocial: text('razon_social'),
    cuit: text('cuit'),
    ivaCondition: text('iva_condition').$type<IvaCondition>(),
    whatsapp: text('whatsapp'),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressProvince: text('address_province'),
    addressPostalCode: text('address_postal_code'),
    deliveryNotes: text('delivery_notes'),
    /** Private to the admins: never part of any answer a customer gets. */
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the admin customer search matches (migration 0010): names, e-mail, DNI, razón social and CUIT digits. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(public.immutable_unaccent("nombre" || ' ' || "apellido" || ' ' || "email" || ' ' || "dni" || ' ' || coalesce("razon_social", '') || ' ' || coalesce("cuit", '')))`,
    ),
    // The business-identity work (decisions 017–019) (migration 0011): null = the base list. The FK lives in the migration (price_lists is plain SQL).
    priceListId: uuid('price_list_id'),
    /** Decision 047 (migration 0020): the customer's sales rep, and the ISO weekdays (1 = lunes) the rep visits. */
    repId: uuid('rep_id'),
    visitDays: smallint('visit_days').array().notNull().default(sql`'{}'`),
    /** Decision 054 (migration 0023): a sales rep's commission in basis points (250 = 2,5 %); null: none. */
    commissionBp: integer('commission_bp'),
  },
  (t) => [
    check('profiles_saldo_puntos_nonnegative', sql`${t.saldoPuntos} >= 0`),
    check('profiles_commission_bp_range', sql`${t.commissionBp} is null or ${t.commissionBp} between 0 and 10000`),
    check('profiles_dni_format', sql`${t.dni} ~ '^[0-9]{7,8}$'`),
    check('profiles_cuit_valid', sql`${t.cuit} is null or public.cuit_is_valid(${t.cuit})`),
    check(
      'profiles_iva_condition_valid',
      sql`${t.ivaCondition} is null or ${t.ivaCondition} in ('responsable_inscripto', 'monotributista', 'exento', 'consumidor_final')`,
    ),
    check('profiles_whatsapp_format', sql`${t.whatsapp} is null or ${t.whatsapp} ~ '^549[1-3][0-9]{9}$'`),
    // Admin user list: pending accounts first, then by name.
    index('profiles_approved_created_idx').on(t.approved, t.createdAt),
    index('profiles_dni_idx').on(t.dni),
    uniqueIndex('profiles_cuit_key').on(t.cuit),
    index('profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    price: centavos('price').notNull(),
    retailPrice: centavos('retail_price').notNull(),
    onSale: boolean('on_sale').notNull().default(false),
    salePrice: centavos('sale_price'),
    onSaleRetail: boolean('on_sale_retail').notNull().default(false),
    salePriceRetail: centavos('sale_price_retail'),
    discounts: jsonb('discounts').$type<DiscountTier[]>().notNull().default([]),
    stock: integer('stock').notNull().default(0),
    hasUnlimitedStock: boolean('has_unlimited_stock').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    minQuantity: integer('min_quantity').notNull().default(1),
    packSize: integer('pack_size').notNull().default(1),
    maxQuantity: integer('max_quantity'),
    sku: text('sku'),
    barcode: text('barcode'),
    category: text('category'),
    description: text('description'),
    /** The business-identity work (decisions 017–019) (migration 0012): 21, 10.5, 27 or 0 (exento). */
    ivaRate: real('iva_rate').$type<IvaRate>().notNull().default(21),
    imagePath: text('image_path'),
    /** Repartos (migration 0024): grams per unit, optional. */
    weightGrams: integer('weight_grams'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What catalogue search matches (migrations 0004, 0009): name, SKU, category and barcode, lower-case, no accents. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(public.immutable_unaccent("name" || ' ' || coalesce("sku", '') || ' ' || coalesce("category", '') || ' ' || coalesce("barcode", '')))`,
    ),
  },
  (t) => [
    check('products_price_positive', sql`${t.price} > 0 and ${t.retailPrice} > 0`),
    check('products_sale_price_valid', sql`${t.salePrice} is null or (${t.salePrice} > 0 and ${t.salePrice} < ${t.price})`),
    check(
      'products_sale_price_retail_valid',
      sql`${t.salePriceRetail} is null or (${t.salePriceRetail} > 0 and ${t.salePriceRetail} < ${t.retailPrice})`,
    ),
    check('products_on_sale_has_price', sql`not ${t.onSale} or ${t.salePrice} is not null`),
    check('products_iva_rate_valid', sql`${t.ivaRate} in (0, 10.5, 21, 27)`),
    check('products_on_sale_retail_has_price', sql`not ${t.onSaleRetail} or ${t.salePriceRetail} is not null`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_discounts_is_array', sql`jsonb_typeof(${t.discounts}) = 'array'`),
    check(
      'products_quantity_rules_valid',
      sql`${t.minQuantity} >= 1 and ${t.packSize} >= 1 and (${t.maxQuantity} is null or (${t.maxQuantity} >= ${t.minQuantity} and ${t.maxQuantity} % ${t.packSize} = 0))`,
    ),
    // Names are unique ignoring case and accents ("Azúcar" and "azucar" are the same product).
    uniqueIndex('products_name_key').on(sql`lower(public.immutable_unaccent(${t.name}))`),
    index('products_enabled_name_idx').on(t.isEnabled, t.name),
    // The catalogue's page query: enabled products in Spanish order. Without it every page sorts
    // every product with ICU comparisons (≈ 13 ms for 5,000 products instead of ≈ 0.2 ms).
    index('products_catalog_order_idx')
      .on(sql`(${t.name} collate "es-AR-x-icu")`, t.id)
      .where(sql`${t.isEnabled}`),
    index('products_category_idx').on(t.category),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The stock ledger (decision 009): one row per change of a product's stock, written only by
 * modules/stock/stock.ledger.ts in the transaction of the change; products.stock = Σ quantity.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    balance: integer('balance').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in ('opening','order','order_cancel_restock','admin_edit','import','order_edit','credit_note_restock','count')`),
    check('stock_movements_balance_nonnegative', sql`${t.balance} >= 0`),
    check('stock_movements_quantity_nonzero', sql`${t.quantity} <> 0`),
    index('stock_movements_product_idx').on(t.productId, t.id),
  ],
);

/**
 * The points ledger (decision 009): one row per change of a customer's balance, written only by
 * modules/points/points.ledger.ts; profiles.saldo_puntos = Σ amount. Absorbed points_adjustments.
 */
export const pointsMovements = pgTable(
  'points_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: centavos('amount').notNull(),
    balance: centavos('balance').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('points_movements_kind_check', sql`${t.kind} in ('opening','order','order_refund','admin_adjustment')`),
    check('points_movements_balance_nonnegative', sql`${t.balance} >= 0`),
    index('points_movements_profile_idx').on(t.profileId, t.id),
  ],
);

/** The data model — Cart: one row per user; cart_data maps product id → positive integer quantity. */
export const cart = pgTable(
  'cart',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartData: jsonb('cart_data').$type<Record<string, number>>().notNull().default({}),
    /** Unit price of each line when it entered the cart (migration 0013); pruned to cart_data's keys by a trigger. */
    addedPrices: jsonb('added_prices').$type<Record<string, number>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [check('cart_data_valid', sql`public.cart_data_is_valid(${t.cartData})`)],
);

// The order's JSON columns have the shapes the API returns; one definition, in core.
export type { OrderUserInfo, OrderItem as OrderItemSnapshot } from '@mayorista/core/schemas/order';

export const ORDER_STATUS_SQL = sql.raw(
  `'Pendiente','Pendiente de Canje','Confirmado','Preparado','Entregado','Canjeado','Cancelado','Rechazado'`,
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userInfo: jsonb('user_info').$type<OrderUserInfo>().notNull(),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    total: centavos('total').notNull(),
    totalSavings: centavos('total_savings').notNull().default(0),
    status: text('status').notNull(),
    observaciones: text('observaciones').notNull().default(''),
    canjeadoConPuntos: boolean('canjeado_con_puntos').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    /** The IVA breakdown computed at placement (migration 0012); null on older orders. */
    iva: jsonb('iva').$type<OrderIva>(),
    /** The credit check's hold (migration 0019, decision 038): null, 'pending', 'released' or 'rejected'. */
    creditHold: text('credit_hold').$type<'pending' | 'released' | 'rejected'>(),
    creditHoldReason: text('credit_hold_reason'),
    /** Decision 047 (migration 0020): 'web' (the customer) or 'vendedor' (a rep took it; taken_by says who). */
    channel: text('channel').$type<'web' | 'vendedor'>().notNull().default('web'),
    takenBy: uuid('taken_by'),
    /** Repartos (migration 0021, decision 049): the promised delivery date, its zone and the stop on that route. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliveryZoneId: integer('delivery_zone_id'),
    deliveryStop: integer('delivery_stop'),
    // idempotency_fingerprint (migration 0005) is read and written in plain SQL by
    // modules/orders/orders.idempotency.ts only, so OrderRow does not carry it.
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in (${ORDER_STATUS_SQL})`),
    check('orders_total_nonnegative', sql`${t.total} >= 0 and ${t.totalSavings} >= 0`),
    check('orders_iva_is_object', sql`${t.iva} is null or jsonb_typeof(${t.iva}) = 'object'`),
    check('orders_items_valid', sql`public.order_items_are_valid(${t.items})`),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Failed password sign-ins per address, for the per-account throttle (decision 010). */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockouts: integer('lockouts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sign_in_throttles_counts_check', sql`${t.failures} >= 0 and ${t.lockouts} >= 0`),
    index('sign_in_throttles_updated_at').on(t.updatedAt),
  ],
);

/** Account e-mails sent, per recipient and kind, for the per-recipient hourly limit (decision 010). */
export const emailSends = pgTable(
  'email_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_sends_recipient_kind_sent_at').on(t.recipient, t.kind, t.sentAt), index('email_sends_sent_at').on(t.sentAt)],
);
