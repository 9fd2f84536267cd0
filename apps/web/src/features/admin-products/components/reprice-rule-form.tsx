import type { ReactNode } from 'react';
import { pricing } from '@mayorista/core/messages/pricing';
import { REPRICE_FIELDS, ROUNDING_RULES, type RepriceField, type RoundingRule } from '@mayorista/core/repricing';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { RepriceKind, RepriceScopeChoice, RepriceValues } from '../lib/reprice-body';

const t = pricing.admin;

export const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900';

/** The rule as the admin is writing it: everything of RepriceValues but what the tab gives (search, selection). */
export type RepriceRule = Omit<RepriceValues, 'search' | 'selectedIds'>;

/** A labelled native select (the phone's own picker). */
export function SelectField<T extends string>({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {children}
      </select>
    </div>
  );
}

function FieldsChoice({ fields, onChange }: { fields: RepriceField[]; onChange: (fields: RepriceField[]) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-900">{t.fieldsLabel}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {REPRICE_FIELDS.map((f) => (
          <label key={f} className="flex items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              checked={fields.includes(f)}
              onChange={(e) => onChange(e.target.checked ? [...fields, f] : fields.filter((x) => x !== f))}
            />
            {t.fields[f]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Which products (all, a category, the search, the selection), how (up, down, amount), how much, rounding and fields. */
export function RepriceRuleForm({
  rule,
  onChange,
  categories,
  search,
  selectedCount,
}: {
  rule: RepriceRule;
  onChange: (patch: Partial<RepriceRule>) => void;
  categories: string[];
  search: string;
  selectedCount: number;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<RepriceScopeChoice>
          id="reprice-scope"
          label={t.scopeLabel}
          value={rule.scope}
          onChange={(scope) => onChange({ scope })}
        >
          <option value="all">{t.scopeAll}</option>
          <option value="category">{t.scopeCategory}</option>
          {search ? <option value="search">{t.scopeSearch(search)}</option> : null}
          {selectedCount > 0 ? <option value="selected">{t.scopeSelected(selectedCount)}</option> : null}
        </SelectField>
        {rule.scope === 'category' ? (
          <SelectField
            id="reprice-category"
            label={t.categoryLabel}
            value={rule.category}
            onChange={(category) => onChange({ category })}
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField<RepriceKind> id="reprice-kind" label={t.kindLabel} value={rule.kind} onChange={(kind) => onChange({ kind })}>
          <option value="up">{t.kindUp}</option>
          <option value="down">{t.kindDown}</option>
          <option value="amount">{t.kindAmount}</option>
        </SelectField>
        <div className="space-y-1">
          <Label htmlFor="reprice-value">{rule.kind === 'amount' ? t.amountLabel : t.percentLabel}</Label>
          <Input
            id="reprice-value"
            inputMode="decimal"
            value={rule.value}
            onChange={(e) => onChange({ value: e.target.value })}
          />
        </div>
        <SelectField<RoundingRule>
          id="reprice-rounding"
          label={t.roundingLabel}
          value={rule.rounding}
          onChange={(rounding) => onChange({ rounding })}
        >
          {ROUNDING_RULES.map((r) => (
            <option key={r} value={r}>
              {t.rounding[r]}
            </option>
          ))}
        </SelectField>
      </div>
      <FieldsChoice fields={rule.fields} onChange={(fields) => onChange({ fields })} />
    </>
  );
}
