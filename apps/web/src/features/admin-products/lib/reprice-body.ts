import { pricing } from '@mayorista/core/messages/pricing';
import { parsePesos } from '@mayorista/core/money';
import type { RepriceField, RoundingRule } from '@mayorista/core/repricing';
import type { RepriceBody } from '../api/pricing-api';

const t = pricing.admin;

export type RepriceKind = 'up' | 'down' | 'amount';
export type RepriceScopeChoice = 'all' | 'category' | 'search' | 'selected';

/** "Cambiar precios" as the admin left it. */
export interface RepriceValues {
  scope: RepriceScopeChoice;
  category: string;
  search: string;
  selectedIds: string[];
  kind: RepriceKind;
  value: string;
  fields: RepriceField[];
  rounding: RoundingRule;
}

/**
 * The body of POST /api/admin/products/reprice (preview and apply), or a Spanish reason why the
 * form is not ready. Pure: the server's contract tests send exactly this (docs/decisions/028).
 */
export function toRepriceBody(form: RepriceValues): RepriceBody | string {
  if (form.fields.length === 0) return t.noFields;
  const scope =
    form.scope === 'category'
      ? { category: form.category }
      : form.scope === 'search'
        ? { search: form.search }
        : form.scope === 'selected'
          ? { product_ids: form.selectedIds }
          : {};
  if (form.kind === 'amount') {
    const negative = form.value.trim().startsWith('-');
    const centavos = parsePesos(form.value.replace('-', ''));
    if (centavos === null || Number.isNaN(centavos) || centavos === 0) return t.invalidValue;
    return { scope, adjustment: { kind: 'amount', amount: negative ? -centavos : centavos }, fields: form.fields, rounding: form.rounding };
  }
  const percent = Number(form.value.replace(',', '.'));
  if (!Number.isFinite(percent) || percent <= 0) return t.invalidValue;
  return { scope, adjustment: { kind: 'percent', percent: form.kind === 'down' ? -percent : percent }, fields: form.fields, rounding: form.rounding };
}
