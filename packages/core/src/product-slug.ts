/**
 * Product page addresses (the wholesale-ordering work, decision 020): `/catalogo/azucar-ledesma-1-kg-3f2a9c1b7d4e`.
 * The name part is for people and search engines; the page is found by the short id at the end
 * (the first 12 hex digits of the product's UUID), so a renamed product's old links keep working
 * and the web replaces them with the current address. A full UUID works as well.
 */

/** Hex digits of the id kept in the address: 48 bits, so two products of 50,000 share one about once in 10^5 shops. */
export const PRODUCT_SHORT_ID_LENGTH = 12;

/** Longest name part: the address stays readable in a WhatsApp message. */
const MAX_NAME_PART = 60;

/** Lower case, accents removed, anything else between letters and digits becomes one '-'. */
export function slugifyName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_NAME_PART).replace(/-+$/, '');
}

export const shortIdOf = (id: string): string => id.replace(/-/g, '').slice(0, PRODUCT_SHORT_ID_LENGTH).toLowerCase();

export function productSlug(product: { id: string; name: string }): string {
  const name = slugifyName(product.name);
  return name ? `${name}-${shortIdOf(product.id)}` : shortIdOf(product.id);
}

export const productPath = (product: { id: string; name: string }): string => `/catalogo/${productSlug(product)}`;

export type ProductRef = { kind: 'id'; id: string } | { kind: 'short'; shortId: string; slug: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLUG = new RegExp(`^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?([0-9a-f]{${PRODUCT_SHORT_ID_LENGTH}})$`);

/** What an address segment names, or null when it cannot name a product (answered 404 without a query). */
export function parseProductRef(ref: string): ProductRef | null {
  const lower = ref.toLowerCase();
  if (UUID.test(lower)) return { kind: 'id', id: lower };
  if (lower.length > MAX_NAME_PART + PRODUCT_SHORT_ID_LENGTH + 1) return null;
  const match = SLUG.exec(lower);
  return match ? { kind: 'short', shortId: match[1]!, slug: lower } : null;
}

/**
 * The UUID range a short id covers, for an index range scan on the primary key
 * (`id between lower and upper`), instead of a text LIKE on every row.
 */
export function shortIdRange(shortId: string): { lower: string; upper: string } {
  const pad = (fill: string) => {
    const hex = shortId.padEnd(32, fill);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { lower: pad('0'), upper: pad('f') };
}

/** The WhatsApp share link of a product page: wa.me with its name and address as the text. */
export function whatsAppShareUrl(productName: string, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${productName} ${pageUrl}`)}`;
}
