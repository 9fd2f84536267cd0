/**
 * IVA (the business-identity work, decision 019): net, IVA per rate and total of lines the pricing engine
 * already priced. Pure and zod-free (the web's cart imports it); integer centavos throughout.
 *
 * Rounding, as an Argentine invoice does it: IVA is worked out once per rate group (ARCA's
 * electronic invoice reports one base and one amount per alícuota, `AlicIva`), never per line and
 * summed, so a 100-line order carries no 100 accumulated half-centavos.
 * - Prices include IVA (the setting's default): each group's total is what the price list says
 *   the customer pays, so it is kept exactly; net = round(total / (1 + rate)), IVA = total − net.
 * - Prices exclude IVA: each group's net is the sum of its lines; IVA = round(net × rate).
 * Half centavos round up (away from zero, amounts are never negative). Each line then gets its
 * share of its group's net and IVA by largest remainder, so Σ lines = group exactly.
 */
import type { Centavos } from './money';
// Type-only: the web's cart must not pull zod in through this module.
import type { OrderItem, OrderIva } from './schemas/order';
import { iva as texts } from './messages/iva';

// The arithmetic lives in iva-breakdown.ts (the first download needs only it).
export * from './iva-breakdown';
import { DEFAULT_IVA_RATE, grossUnitPrice, ivaBreakdown, netUnitPrice } from './iva-breakdown';
import type { IvaBreakdown, IvaLine, IvaRate } from './iva-breakdown';

/** "21 %", "10,5 %", "Exento" — how every document names a rate. */
export function ivaRateLabel(rate: IvaRate): string {
  return rate === 0 ? 'Exento' : `${String(rate).replace('.', ',')} %`;
}

/** The customer's condición frente al IVA (the business-identity work, decisions 017–019): only a Responsable Inscripto sees IVA itemised. */
export function showsIvaItemised(ivaCondition: string | null | undefined): boolean {
  return ivaCondition === 'responsable_inscripto';
}

/** The snapshot an order stores (orders.iva, snake_case like the rest of the order contract). */
export function toOrderIva(b: IvaBreakdown): OrderIva {
  return {
    prices_include_iva: b.pricesIncludeIva,
    net: b.net,
    iva: b.iva,
    total: b.total,
    groups: b.groups.map((g) => ({ rate: g.rate, net: g.net, iva: g.iva })),
  };
}

/** The breakdown of an order's lines; a line stored before rates existed counts at the default rate. */
export function orderItemsIva(items: readonly Pick<OrderItem, 'total' | 'iva_rate'>[], pricesIncludeIva: boolean): IvaBreakdown {
  return ivaBreakdown(
    items.map((item) => ({ lineTotal: item.total, ivaRate: item.iva_rate ?? DEFAULT_IVA_RATE })),
    pricesIncludeIva,
  );
}

/**
 * Per-line figures of a stored order for its documents, or null for an order placed before IVA
 * existed (it renders as it always did). Deterministic: the same lines give the stored groups.
 */
export function storedOrderIva(order: { items: readonly Pick<OrderItem, 'total' | 'iva_rate'>[]; iva: OrderIva | null }): IvaBreakdown | null {
  return order.iva ? orderItemsIva(order.items, order.iva.prices_include_iva) : null;
}

// ── How documents show it (cart, order, PDF, e-mail): one rule for every screen ─────────────

export interface IvaSummaryRow {
  label: string;
  amount: Centavos;
}

/**
 * The rows above the total. A Responsable Inscripto reads a Factura A's foot: neto gravado,
 * exento (when there is any), then IVA per rate. Everyone else reads final prices and, below
 * them, the IVA they contain (Ley 27.743, "Régimen de Transparencia Fiscal al Consumidor").
 */
export function ivaSummaryRows(b: Pick<IvaBreakdown, 'groups' | 'iva'>, itemised: boolean): IvaSummaryRow[] {
  if (!itemised) return [{ label: texts.ivaContained, amount: b.iva }];
  const taxed = b.groups.filter((g) => g.rate !== 0);
  const exempt = b.groups.find((g) => g.rate === 0);
  return [
    { label: texts.netTaxed, amount: taxed.reduce((s, g) => s + g.net, 0) },
    ...(exempt ? [{ label: texts.netExempt, amount: exempt.net }] : []),
    ...taxed.map((g) => ({ label: texts.ivaLine(ivaRateLabel(g.rate)), amount: g.iva })),
  ];
}

/** A line as a document shows it: without IVA to a Responsable Inscripto, with IVA to everyone else. */
export function ivaLineView(
  unitPrice: Centavos,
  line: IvaLine,
  pricesIncludeIva: boolean,
  itemised: boolean,
): { unitPrice: Centavos; total: Centavos } {
  return itemised
    ? { unitPrice: netUnitPrice(unitPrice, line.rate, pricesIncludeIva), total: line.net }
    : { unitPrice: grossUnitPrice(unitPrice, line.rate, pricesIncludeIva), total: line.gross };
}

/**
 * Any other amount of a line — a tier's unit price, a saving, the price before a sale — in the basis
 * the customer reads the line's prices: net to a Responsable Inscripto, with IVA to everyone else.
 * So "Agregá 5 más para pagar …" and "Ahorrás …" sit beside "$ 1.363,64 c/u + IVA 21 %" in the
 * same basis, never a final price next to a net one.
 */
export function ivaAmountView(amount: Centavos, rate: IvaRate, pricesIncludeIva: boolean, itemised: boolean): Centavos {
  return itemised ? netUnitPrice(amount, rate, pricesIncludeIva) : grossUnitPrice(amount, rate, pricesIncludeIva);
}

/**
 * The summary's "Ahorro total": the sum of the savings each line shows (ivaAmountView), so the
 * summary adds up what the lines say, in their basis.
 */
export function savingsView(
  lines: readonly { savings: Centavos; rate: IvaRate }[],
  pricesIncludeIva: boolean,
  itemised: boolean,
): Centavos {
  return lines.reduce((sum, line) => sum + ivaAmountView(line.savings, line.rate, pricesIncludeIva, itemised), 0);
}

/** "Ahorro total", said "sin IVA" when the amount is net (a Responsable Inscripto). */
export const savingsLabel = (itemised: boolean): string => (itemised ? texts.totalSavingsNet : texts.totalSavings);

/**
 * What the catalogue says of its prices, which are the prices as entered: with IVA when the setting
 * says so, + IVA otherwise; and, when the cart will show them another way, how.
 */
export function catalogueIvaNote(pricesIncludeIva: boolean, itemised: boolean): string {
  if (pricesIncludeIva) return itemised ? texts.catalogueIncludedItemised : texts.finalPricesNote;
  return itemised ? texts.catalogueExcludedItemised : texts.catalogueExcludedFinal;
}
