import { products } from '@mayorista/core/messages/products';
import { centavosToInput, parsePesos } from '@mayorista/core/money';
import type { PricedProduct } from '@mayorista/core/pricing';
import { productInputSchema, type DiscountTier, type DiscountType, type Product, type ProductInput } from '@mayorista/core/schemas/product';
import { DEFAULT_IVA_RATE, type IvaRate } from '@mayorista/core/iva';
import { gramsToKilosInput, parseKilos } from '@mayorista/core/weight';

const t = products.admin;

/** What the admin types: amounts in pesos as text ("1.234,50"), converted to centavos on submit. */
export interface TierFormValue {
  /** Stable React key for the row (tiers have no id of their own). */
  key: string;
  minQuantity: string;
  discountType: DiscountType;
  /** Pesos for fixed and final_price, a percent for percentage. */
  discountValue: string;
}

export interface ProductFormValues {
  name: string;
  price: string;
  retail_price: string;
  on_sale: boolean;
  sale_price: string;
  on_sale_retail: boolean;
  sale_price_retail: string;
  discounts: TierFormValue[];
  stock: string;
  has_unlimited_stock: boolean;
  is_enabled: boolean;
  min_quantity: string;
  pack_size: string;
  max_quantity: string;
  /** Kilos per unit as typed ("1,5"); blank: unknown. */
  weight_kg: string;
  sku: string;
  barcode: string;
  category: string;
  description: string;
  iva_rate: IvaRate;
}

/** Field path ("price", "discounts.0.minQuantity") → Spanish message. */
export type FieldErrors = Record<string, string>;

let tierKeySeed = 0;
export const newTierKey = () => `tier-${++tierKeySeed}`;

// The money text rules live in core, shared with the settings form and the spreadsheet import.
export { centavosToInput, parsePesos };

function parsePercent(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '').replace(',', '.');
  if (!cleaned) return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function parseInteger(text: string): number | null {
  const cleaned = text.trim();
  if (!cleaned) return null;
  return /^-?\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** "1,5" or "0.25" kilos → grams (1500, 250); blank: null; anything else (or a finer fraction than a gram): NaN. The spreadsheet import reads kilos with the same function (core's weight.ts). */
export const parseKilosToGrams = parseKilos;

export function emptyFormValues(): ProductFormValues {
  return {
    name: '',
    price: '',
    retail_price: '',
    on_sale: false,
    sale_price: '',
    on_sale_retail: false,
    sale_price_retail: '',
    discounts: [],
    stock: '0',
    has_unlimited_stock: false,
    is_enabled: true,
    min_quantity: '1',
    pack_size: '1',
    max_quantity: '',
    weight_kg: '',
    sku: '',
    barcode: '',
    category: '',
    iva_rate: DEFAULT_IVA_RATE,
    description: '',
  };
}

export function toFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: centavosToInput(product.price),
    retail_price: centavosToInput(product.retail_price),
    on_sale: product.on_sale,
    sale_price: centavosToInput(product.sale_price),
    on_sale_retail: product.on_sale_retail,
    sale_price_retail: centavosToInput(product.sale_price_retail),
    discounts: product.discounts.map((tier) => ({
      key: newTierKey(),
      minQuantity: String(tier.minQuantity),
      discountType: tier.discountType,
      discountValue: tier.discountType === 'percentage' ? String(tier.discountValue).replace('.', ',') : centavosToInput(tier.discountValue),
    })),
    stock: String(product.stock),
    has_unlimited_stock: product.has_unlimited_stock,
    is_enabled: product.is_enabled,
    min_quantity: String(product.min_quantity),
    pack_size: String(product.pack_size),
    max_quantity: product.max_quantity === null ? '' : String(product.max_quantity),
    weight_kg: gramsToKilosInput(product.weight_grams),
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    category: product.category ?? '',
    description: product.description ?? '',
    iva_rate: product.iva_rate,
  };
}

function parseTier(tier: TierFormValue): { minQuantity: number; discountType: DiscountType; discountValue: number } {
  const value = tier.discountType === 'percentage' ? parsePercent(tier.discountValue) : parsePesos(tier.discountValue);
  return { minQuantity: parseInteger(tier.minQuantity) ?? Number.NaN, discountType: tier.discountType, discountValue: value ?? Number.NaN };
}

/**
 * The body the product form sends (POST /api/products, PUT /api/products/:id): the form's values
 * as the API takes them, amounts in centavos, texts as typed (an empty SKU goes as "", stored as
 * empty). Pure, so the server's contract tests send exactly this (docs/decisions/028). A blank
 * minimum or pack means 1, a blank maximum none; an amount that does not parse is NaN, which
 * `buildProductInput` reports before anything is sent.
 */
export function toProductBody(values: ProductFormValues): ProductInput {
  const amount = (field: 'price' | 'retail_price' | 'sale_price' | 'sale_price_retail', required: boolean): number | null => {
    const parsed = parsePesos(values[field]);
    return parsed === null ? (required ? Number.NaN : null) : parsed;
  };
  const stock = values.has_unlimited_stock && !values.stock.trim() ? 0 : parseInteger(values.stock);
  return {
    name: values.name,
    price: amount('price', true) ?? Number.NaN,
    retail_price: amount('retail_price', true) ?? Number.NaN,
    on_sale: values.on_sale,
    sale_price: amount('sale_price', false),
    on_sale_retail: values.on_sale_retail,
    sale_price_retail: amount('sale_price_retail', false),
    discounts: values.discounts.map(parseTier),
    stock: stock ?? Number.NaN,
    has_unlimited_stock: values.has_unlimited_stock,
    is_enabled: values.is_enabled,
    min_quantity: parseInteger(values.min_quantity) ?? 1,
    pack_size: parseInteger(values.pack_size) ?? 1,
    max_quantity: parseInteger(values.max_quantity),
    weight_grams: parseKilosToGrams(values.weight_kg),
    sku: values.sku,
    barcode: values.barcode,
    category: values.category,
    description: values.description,
    iva_rate: values.iva_rate,
  };
}

/**
 * Converts the form to the API body (`toProductBody`) and validates it with the same core schema
 * the server uses. Returns the body only when it is valid; otherwise the Spanish message of each field.
 */
export function buildProductInput(values: ProductFormValues): { input: ProductInput | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const input = toProductBody(values);
  for (const field of ['price', 'retail_price', 'sale_price', 'sale_price_retail'] as const) {
    if (Number.isNaN(input[field])) errors[field] = t.invalidAmount;
  }
  if (Number.isNaN(input.stock)) errors.stock = t.invalidNumber;
  for (const field of ['min_quantity', 'pack_size', 'max_quantity'] as const) {
    if (Number.isNaN(input[field])) errors[field] = t.invalidNumber;
  }
  if (Number.isNaN(input.weight_grams)) errors.weight_kg = t.invalidNumber;

  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      // The body's grams are the form's kilos box.
      errors[path === 'weight_grams' ? 'weight_kg' : path] ??= issue.message;
    }
  }
  return { input: Object.keys(errors).length === 0 ? input : null, errors };
}

/**
 * A best-effort product for the live preview: only the wholesale price must be valid; tiers that
 * do not parse yet are left out instead of blocking the preview.
 */
export function previewProduct(values: ProductFormValues): PricedProduct | null {
  const price = parsePesos(values.price);
  if (price === null || Number.isNaN(price) || price <= 0) return null;
  const salePrice = parsePesos(values.sale_price);
  const discounts: DiscountTier[] = values.discounts
    .map(parseTier)
    .filter((tier) => Number.isInteger(tier.minQuantity) && tier.minQuantity >= 1 && Number.isFinite(tier.discountValue) && tier.discountValue > 0);
  const validSale = salePrice !== null && !Number.isNaN(salePrice) && salePrice > 0 ? salePrice : null;
  return {
    price,
    retail_price: price,
    on_sale: values.on_sale && validSale !== null,
    sale_price: validSale,
    on_sale_retail: false,
    sale_price_retail: null,
    discounts,
  };
}
