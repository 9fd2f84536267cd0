/**
 * The IVA arithmetic of decision 019 (net, IVA per rate and total of priced lines, in integer
 * centavos), without texts or contracts: the cart's provider is in the first download and needs
 * only this. `iva.ts` re-exports it with the display helpers.
 */
import type { Centavos } from './money';

/** The rates a product may carry, in percent: general, reduced (food, some inputs), increased, exempt. */
export const IVA_RATES = [21, 10.5, 27, 0] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA_RATE: IvaRate = 21;

export const isIvaRate = (value: unknown): value is IvaRate => IVA_RATES.includes(value as IvaRate);



export interface IvaLineInput {
  /** The line total the pricing engine produced (unit price × quantity). */
  lineTotal: Centavos;
  ivaRate: IvaRate;
}

export interface IvaLine {
  rate: IvaRate;
  net: Centavos;
  iva: Centavos;
  /** net + iva: what the line costs with IVA. */
  gross: Centavos;
}

export interface IvaGroup {
  rate: IvaRate;
  net: Centavos;
  iva: Centavos;
}

export interface IvaBreakdown {
  pricesIncludeIva: boolean;
  /** One per input line, in input order. */
  lines: IvaLine[];
  /** One per rate present, in IVA_RATES order (21, 10,5, 27, exento). */
  groups: IvaGroup[];
  net: Centavos;
  iva: Centavos;
  /** net + iva: what the customer pays. Equal to Σ line totals when prices include IVA. */
  total: Centavos;
}

// Rates in tenths of a percent (210, 105, 270, 0) keep the arithmetic in integers; BigInt keeps
// net × rate exact for any order the quantity limits allow.
const PER_MILLE = 1000n;
const perMille = (rate: IvaRate): bigint => BigInt(Math.round(rate * 10));

/** a / b rounded half up, for a ≥ 0 and b > 0. */
const divideRoundingHalfUp = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/** IVA on a net amount: round(net × rate). */
export function ivaOnNet(net: Centavos, rate: IvaRate): Centavos {
  return Number(divideRoundingHalfUp(BigInt(net) * perMille(rate), PER_MILLE));
}

/** The net amount inside a price that includes IVA: round(gross / (1 + rate)). */
export function netOfGross(gross: Centavos, rate: IvaRate): Centavos {
  return Number(divideRoundingHalfUp(BigInt(gross) * PER_MILLE, PER_MILLE + perMille(rate)));
}

/** A unit price as a Responsable Inscripto reads it: without IVA (a display figure; totals come from the groups). */
export function netUnitPrice(unitPrice: Centavos, rate: IvaRate, pricesIncludeIva: boolean): Centavos {
  return pricesIncludeIva ? netOfGross(unitPrice, rate) : unitPrice;
}

/** A unit price as everyone else reads it: with IVA. */
export function grossUnitPrice(unitPrice: Centavos, rate: IvaRate, pricesIncludeIva: boolean): Centavos {
  return pricesIncludeIva ? unitPrice : unitPrice + ivaOnNet(unitPrice, rate);
}

/**
 * Splits `amount` over `weights` in proportion, by largest remainder: the shares are whole
 * centavos and add up to `amount` exactly. Ties go to the earlier weight, so it is deterministic.
 */
export function allocate(amount: Centavos, weights: readonly Centavos[]): Centavos[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) {
    // Nothing to weigh by (every line is $ 0): the first line carries it, never a negative share.
    return weights.map((_, i) => (i === 0 ? amount : 0));
  }
  const big = BigInt(amount);
  const shares = weights.map((w) => (big * BigInt(w)) / total);
  let left = big - shares.reduce((sum, s) => sum + s, 0n);
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (big * BigInt(w)) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

function assertLine(line: IvaLineInput): void {
  if (!Number.isSafeInteger(line.lineTotal) || line.lineTotal < 0) {
    // The pricing engine clamps every price to ≥ 0; anything else is a programming error.
    throw new RangeError(`Un total de línea debe ser un entero no negativo (recibido: ${String(line.lineTotal)}).`);
  }
  if (!isIvaRate(line.ivaRate)) throw new RangeError(`Alícuota de IVA desconocida: ${String(line.ivaRate)}.`);
}

/** Net, IVA per rate and total of priced lines (see the module comment for the rounding). */
export function ivaBreakdown(lines: readonly IvaLineInput[], pricesIncludeIva: boolean): IvaBreakdown {
  lines.forEach(assertLine);
  const result: IvaLine[] = lines.map((l) => ({ rate: l.ivaRate, net: 0, iva: 0, gross: 0 }));
  const groups: IvaGroup[] = [];
  for (const rate of IVA_RATES) {
    const members = lines.flatMap((l, index) => (l.ivaRate === rate ? [index] : []));
    if (members.length === 0) continue;
    const totals = members.map((i) => lines[i]!.lineTotal);
    const sum = totals.reduce((a, b) => a + b, 0);
    const net = pricesIncludeIva ? netOfGross(sum, rate) : sum;
    const iva = pricesIncludeIva ? sum - net : ivaOnNet(sum, rate);
    groups.push({ rate, net, iva });
    // Lines share the group's IVA in proportion to their own totals; the net is what is left,
    // so each line's gross is its own total when prices include IVA.
    const ivaShares = allocate(iva, totals);
    members.forEach((lineIndex, k) => {
      const share = ivaShares[k]!;
      const own = totals[k]!;
      result[lineIndex] = pricesIncludeIva
        ? { rate, net: own - share, iva: share, gross: own }
        : { rate, net: own, iva: share, gross: own + share };
    });
  }
  const net = groups.reduce((s, g) => s + g.net, 0);
  const iva = groups.reduce((s, g) => s + g.iva, 0);
  return { pricesIncludeIva, lines: result, groups, net, iva, total: net + iva };
}

