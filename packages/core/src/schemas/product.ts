import { z } from 'zod';
// Imported directly by subpath too (@mayorista/core/schemas/product): keep zod's own messages Spanish then as well.
import '../zod-locale';
import { MAX_ITEM_QUANTITY } from '../constants';
import { smallestQuantity } from '../quantity-rules';
import { positiveCentavosSchema } from './common';
import { optionalText, requiredText } from './text';
import { DEFAULT_IVA_RATE, IVA_RATES, type IvaRate } from '../iva-breakdown';
import { iva as ivaTexts } from '../messages/iva';

/** 21, 10.5, 27 or 0 (exento): the business-identity work, decision 019. */
export const ivaRateSchema = z.literal(IVA_RATES as unknown as [IvaRate, ...IvaRate[]], { message: ivaTexts.invalidRate });

export const DISCOUNT_TYPES = ['fixed', 'percentage', 'final_price'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/**
 * A quantity tier. `discountValue` is integer centavos for `fixed` (off each unit) and
 * `final_price` (the new unit price); for `percentage` it is a percent in (0, 100).
 */
export const discountTierSchema = z.object({
  minQuantity: z
    .number({ message: 'La cantidad mínima debe ser un número.' })
    .int({ message: 'La cantidad mínima debe ser un número entero.' })
    .min(2, { message: 'La cantidad mínima de un descuento debe ser al menos 2.' })
    .max(10_000, { message: 'La cantidad mínima es demasiado grande.' }),
  discountType: z.enum(DISCOUNT_TYPES, { message: 'Tipo de descuento inválido.' }),
  discountValue: z
    .number({ message: 'El valor del descuento debe ser un número.' })
    .positive({ message: 'El valor del descuento debe ser mayor que cero.' })
    .max(1_000_000_000_00, { message: 'El valor del descuento es demasiado grande.' }),
});
export type DiscountTier = z.infer<typeof discountTierSchema>;

/** An optional product text: absent, "", null or blank are stored as empty (core/schemas/text.ts). */
const productText = (max: number, label: string, invalid: string, multiline = false) =>
  optionalText({ max, tooLong: `${label} no puede superar ${max} caracteres.`, invalid, multiline });

const ruleQuantity = (label: string) =>
  z
    .number({ message: `${label} debe ser un número.` })
    .int({ message: `${label} debe ser un número entero.` })
    .min(1, { message: `${label} debe ser al menos 1.` })
    .max(MAX_ITEM_QUANTITY, { message: `${label} no puede superar ${MAX_ITEM_QUANTITY}.` });

/** The fields an admin writes. Cross-field rules live in `productInputSchema`. */
export const productFieldsSchema = z.strictObject({
  name: requiredText({
    max: 200,
    required: 'El nombre es obligatorio.',
    tooLong: 'El nombre no puede superar 200 caracteres.',
    invalid: 'El nombre no es válido: escribilo en una sola línea de texto.',
  }),
  price: positiveCentavosSchema,
  retail_price: positiveCentavosSchema,
  on_sale: z.boolean().default(false),
  sale_price: positiveCentavosSchema.nullish().transform((v) => v ?? null),
  on_sale_retail: z.boolean().default(false),
  sale_price_retail: positiveCentavosSchema.nullish().transform((v) => v ?? null),
  discounts: z.array(discountTierSchema).max(20, { message: 'Como máximo 20 descuentos por producto.' }).default([]),
  stock: z
    .number({ message: 'El stock debe ser un número.' })
    .int({ message: 'El stock debe ser un número entero.' })
    .min(0, { message: 'El stock no puede ser negativo.' })
    .max(100_000_000, { message: 'El stock es demasiado grande.' })
    .default(0),
  has_unlimited_stock: z.boolean().default(false),
  is_enabled: z.boolean().default(true),
  // Quantity rules (the wholesale-ordering work, decision 016, core/quantity-rules.ts): defaults accept any whole quantity.
  min_quantity: ruleQuantity('La cantidad mínima').default(1),
  pack_size: ruleQuantity('El tamaño del bulto').default(1),
  max_quantity: ruleQuantity('La cantidad máxima').nullish().transform((v) => v ?? null),
  sku: productText(64, 'El SKU', 'El SKU no es válido: escribilo en una sola línea de texto.'),
  barcode: productText(32, 'El código de barras', 'El código de barras no es válido: escribilo en una sola línea de texto.'),
  category: productText(80, 'La categoría', 'La categoría no es válida: escribila en una sola línea de texto.'),
  description: productText(2000, 'La descripción', 'La descripción no es válida: tiene que ser texto.', true),
  iva_rate: ivaRateSchema.default(DEFAULT_IVA_RATE),
  /** Repartos: grams per unit, optional; the day's routes add it up per stop and zone when known. */
  weight_grams: z
    .number({ message: 'El peso tiene que ser un número de kilos, por ejemplo 1,5.' })
    .int({ message: 'El peso tiene que ser un número de kilos, por ejemplo 1,5.' })
    .min(1, { message: 'El peso tiene que ser mayor que cero (dejalo vacío si no lo sabés).' })
    .max(100_000_000, { message: 'El peso es demasiado grande.' })
    .nullish()
    .transform((v) => v ?? null),
});

type ProductFields = z.infer<typeof productFieldsSchema>;

/** Cross-field rules of a product, shared by the admin form and the server. Returns Spanish messages by field. */
export function productRuleViolations(p: ProductFields): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.on_sale && p.sale_price === null) {
    issues.push({ path: 'sale_price', message: 'Ingresá el precio de oferta.' });
  }
  if (p.sale_price !== null && p.sale_price >= p.price) {
    issues.push({ path: 'sale_price', message: 'El precio de oferta debe ser menor que el precio mayorista.' });
  }
  if (p.on_sale_retail && p.sale_price_retail === null) {
    issues.push({ path: 'sale_price_retail', message: 'Ingresá el precio de oferta minorista.' });
  }
  if (p.sale_price_retail !== null && p.sale_price_retail >= p.retail_price) {
    issues.push({
      path: 'sale_price_retail',
      message: 'El precio de oferta minorista debe ser menor que el precio minorista.',
    });
  }
  if (p.max_quantity !== null) {
    if (p.max_quantity % p.pack_size !== 0) {
      issues.push({ path: 'max_quantity', message: 'La cantidad máxima debe ser un múltiplo del bulto.' });
    } else if (p.max_quantity < smallestQuantity(p)) {
      issues.push({ path: 'max_quantity', message: 'La cantidad máxima no puede ser menor que la mínima.' });
    }
  }
  const seen = new Set<number>();
  p.discounts.forEach((tier, i) => {
    if (seen.has(tier.minQuantity)) {
      issues.push({ path: `discounts.${i}.minQuantity`, message: 'Cada descuento debe tener una cantidad mínima distinta.' });
    }
    seen.add(tier.minQuantity);
    if (tier.discountType === 'percentage') {
      if (!(tier.discountValue > 0 && tier.discountValue < 100)) {
        issues.push({ path: `discounts.${i}.discountValue`, message: 'El porcentaje debe estar entre 0 y 100.' });
      }
    } else {
      if (!Number.isInteger(tier.discountValue)) {
        issues.push({ path: `discounts.${i}.discountValue`, message: 'El importe debe estar en centavos enteros.' });
      }
      if (tier.discountValue >= p.price) {
        issues.push({
          path: `discounts.${i}.discountValue`,
          message:
            tier.discountType === 'fixed'
              ? 'El descuento fijo debe ser menor que el precio mayorista.'
              : 'El precio final debe ser menor que el precio mayorista.',
        });
      }
    }
  });
  return issues;
}

export const productInputSchema = productFieldsSchema.superRefine((p, ctx) => {
  for (const issue of productRuleViolations(p)) {
    ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  }
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

/** A product as the API returns it. Amounts are integer centavos. */
export interface Product extends ProductData {
  id: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

// ---- product list and admin actions ----------------------------------------------------------

export const PRODUCT_PAGE_SIZE_DEFAULT = 48;
export const PRODUCT_PAGE_SIZE_MAX = 100;
/** Upload limit for a product image; the server answers 413 above it. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Stored images are resized to at most this width (the card shows them far smaller). */
export const PRODUCT_IMAGE_MAX_WIDTH = 800;

/** A query-string flag: `1`/`true` switch it on; absent, `0` or `false` leave it off. */
const queryFlag = z
  .enum(['0', '1', 'true', 'false'], { message: 'Usá 1 o 0 en los filtros.' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `La búsqueda no puede superar ${max} caracteres.` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const productListQuerySchema = z.object({
  search: optionalQueryText(200),
  category: optionalQueryText(80),
  on_sale: queryFlag,
  in_stock: queryFlag,
  /** Honoured for admins only; anyone else gets enabled products whatever they ask. */
  include_disabled: queryFlag,
  page: z.coerce
    .number({ message: 'La página debe ser un número.' })
    .int({ message: 'La página debe ser un número entero.' })
    .min(1, { message: 'La página debe ser 1 o mayor.' })
    .max(100_000, { message: 'La página es demasiado grande.' })
    .default(1),
  page_size: z.coerce
    .number({ message: 'El tamaño de página debe ser un número.' })
    .int({ message: 'El tamaño de página debe ser un número entero.' })
    .min(1, { message: 'El tamaño de página debe ser 1 o mayor.' })
    .max(PRODUCT_PAGE_SIZE_MAX, { message: `El tamaño de página no puede superar ${PRODUCT_PAGE_SIZE_MAX}.` })
    .default(PRODUCT_PAGE_SIZE_DEFAULT),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

// ---- what the catalogue sends (the abuse-limits work, decision 010, docs/api.md "Retail and wholesale views") ------

/**
 * A product as visitors and unapproved customers receive it: retail fields only. No wholesale
 * price, sale price, sale flag or tier ever reaches them (a distributor's wholesale list is
 * business-confidential). zod objects drop unknown keys, so passing a full product through this
 * schema is what removes the wholesale fields on the server.
 */
export const retailProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  retail_price: z.number().int(),
  on_sale_retail: z.boolean(),
  sale_price_retail: z.number().int().nullable(),
  stock: z.number().int(),
  has_unlimited_stock: z.boolean(),
  is_enabled: z.boolean(),
  min_quantity: z.number().int(),
  pack_size: z.number().int(),
  max_quantity: z.number().int().nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RetailProduct = z.infer<typeof retailProductSchema>;

/** A product as approved customers and admins receive it: retail fields plus the wholesale ones. */
export const wholesaleProductSchema = retailProductSchema.extend({
  price: z.number().int(),
  on_sale: z.boolean(),
  sale_price: z.number().int().nullable(),
  discounts: z.array(discountTierSchema),
  iva_rate: ivaRateSchema,
  /** Grams per unit; null: unknown. */
  weight_grams: z.number().int().nullable(),
});

/** Either view: `'price' in product` tells them apart. */
export type CatalogueProduct = RetailProduct | Product;


const productPageShape = { total: z.number().int(), page: z.number().int(), page_size: z.number().int() };
export const retailProductListSchema = z.object({ items: z.array(retailProductSchema), ...productPageShape });
export const wholesaleProductListSchema = z.object({ items: z.array(wholesaleProductSchema), ...productPageShape });

export interface ProductListResponse<P extends CatalogueProduct = Product> {
  items: P[];
  total: number;
  page: number;
  page_size: number;
}

export const productEnabledSchema = z.strictObject({
  is_enabled: z.boolean({ message: 'Indicá si el producto está habilitado (true o false).' }),
});
export type ProductEnabledInput = z.infer<typeof productEnabledSchema>;

// ---- product page and its images (the wholesale-ordering work, decision 020) ------------------------------

/** At most this many images per product: a gallery, not a photo album. */
export const PRODUCT_IMAGES_MAX = 8;
/**
 * Smaller copies stored beside each full-size image (at most PRODUCT_IMAGE_MAX_WIDTH wide): a
 * gallery thumbnail and a phone's card or page. The browser picks one through `srcset`.
 */
export const PRODUCT_IMAGE_WIDTHS = [160, 400] as const;

export const productImageSchema = z.object({
  id: z.string(),
  /** The full-size image. */
  url: z.string(),
  /** `url 160w, url 400w, url 800w`; just the full size for images stored before variants existed. */
  srcset: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productImagesSchema = z.object({ items: z.array(productImageSchema) });

/** `PUT /api/products/:id/images/order`: every image id of the product, once, in the new order. */
export const imageOrderSchema = z.strictObject({
  ids: z
    .array(z.uuid({ message: 'Identificador de imagen inválido.' }).transform((id) => id.toLowerCase()))
    .min(1, { message: 'Indicá el orden de las imágenes.' })
    .max(PRODUCT_IMAGES_MAX, { message: `Un producto tiene como máximo ${PRODUCT_IMAGES_MAX} imágenes.` }),
});
export type ImageOrderInput = z.infer<typeof imageOrderSchema>;

/**
 * `GET /api/products/:id` (a slug or an id): one product with its images and its canonical address. The product
 * is the viewer's view, exactly as in the list (the abuse-limits work, decision 010: visitors never get wholesale fields).
 */
const productDetailShape = { images: z.array(productImageSchema), slug: z.string() };
export const retailProductPageSchema = z.object({ product: retailProductSchema, ...productDetailShape });
export const wholesaleProductPageSchema = z.object({ product: wholesaleProductSchema, ...productDetailShape });
export interface ProductPage<P extends CatalogueProduct = CatalogueProduct> {
  product: P;
  images: ProductImage[];
  slug: string;
}
