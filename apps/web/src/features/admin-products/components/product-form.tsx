import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { products } from '@mayorista/core/messages/products';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FilePicker } from '../../../components/ui/file-picker';
import { Label } from '../../../components/ui/label';
import {
  buildProductInput,
  emptyFormValues,
  previewProduct,
  toFormValues,
  type FieldErrors,
  type ProductFormValues,
} from '../lib/product-form-values';
import { GalleryEditor } from './gallery-editor';
import { PricePreview } from './price-preview';
import { TierEditor } from './tier-editor';
import { IVA_RATES, ivaRateLabel, type IvaRate } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
import { focusFirstInvalid } from '../../../lib/forms/focus-first-error';
import { FormSummary } from '../../../lib/forms/form-summary';

const t = products.admin;
const f = t.fields;

export interface ProductFormProps {
  /** null to create a product. */
  product: Product | null;
  categories: string[];
  /** Field errors the server reported (validation_failed issues), shown like the form's own. */
  serverErrors?: FieldErrors;
  submitting: boolean;
  onSubmit: (input: ProductInput, image: File | null) => void;
  onCancel: () => void;
}

/** Each field's label for the summary next to the button, in screen order; a tier's keys start with `discounts`. */
const SUMMARY_LABELS: [key: string, label: string][] = [
  ['name', f.name],
  ['price', f.price],
  ['retail_price', f.retailPrice],
  ['sale_price', f.salePrice],
  ['sale_price_retail', f.salePriceRetail],
  ['iva_rate', ivaTexts.rateLabel],
  ['discounts', t.tiers.title],
  ['stock', f.stock],
  ['pack_size', f.packSize],
  ['min_quantity', f.minQuantity],
  ['max_quantity', f.maxQuantity],
  ['barcode', f.barcode],
  ['sku', f.sku],
  ['category', f.category],
  ['description', f.description],
];

function summaryLabels(errors: FieldErrors): string[] {
  const keys = Object.keys(errors).filter((key) => errors[key]);
  const known = SUMMARY_LABELS.filter(([key]) => keys.some((k) => k === key || k.startsWith(`${key}.`))).map(
    ([, label]) => label,
  );
  const other = keys.filter((k) => !SUMMARY_LABELS.some(([key]) => k === key || k.startsWith(`${key}.`)));
  return [...known, ...other];
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" className="size-5 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

/** Every product field, validated with the core schema before anything is sent. */
export function ProductForm({ product, categories, serverErrors, submitting, onSubmit, onCancel }: ProductFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductFormValues>(() => (product ? toFormValues(product) : emptyFormValues()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [image, setImage] = useState<File | null>(null);
  // Shown after a refused submit (here or by the server) until the next one.
  const [refused, setRefused] = useState(false);

  // After a failed submit, the first field that needs fixing to the middle of the screen, focused.
  const focusFirstError = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current));

  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) {
      edited.current.clear();
      setTouched(new Set());
      setErrors(serverErrors);
      setRefused(true);
      focusFirstError();
    }
  }, [serverErrors]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  // A text field the person typed in is judged as they leave it and again as they correct it
  // (decision 033); the submit still judges them all, the tiers and the cross-field rules included.
  // Only typed-in fields: a server's message ("SKU ya existe") stays until its field is edited.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const edited = useRef(new Set<string>());
  const touch = (key: string) => {
    if (edited.current.has(key)) setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  };
  useEffect(() => {
    if (touched.size === 0) return;
    const { errors: found } = buildProductInput(values);
    setErrors((previous) => {
      const next = { ...previous };
      for (const key of touched) {
        if (found[key]) next[key] = found[key];
        else delete next[key];
      }
      return next;
    });
  }, [values, touched]);
  const text = (
    key:
      | 'name'
      | 'price'
      | 'retail_price'
      | 'sale_price'
      | 'sale_price_retail'
      | 'stock'
      | 'sku'
      | 'category'
      | 'min_quantity'
      | 'pack_size'
      | 'max_quantity'
      | 'barcode',
  ) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      edited.current.add(key);
      set(key, event.target.value);
    },
    onBlur: () => touch(key),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = buildProductInput(values);
    setErrors(found);
    setRefused(!input);
    if (!input) {
      focusFirstError();
      return;
    }
    onSubmit(input, image);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label={f.name} required autoComplete="off" {...text('name')} />
      <Section>
        <Field label={f.price} inputMode="decimal" required {...text('price')} />
        <Field label={f.retailPrice} inputMode="decimal" required {...text('retail_price')} />
      </Section>
      <Section>
        <div className="space-y-1">
          <Checkbox label={f.onSale} checked={values.on_sale} onChange={(v) => set('on_sale', v)} />
          <Field label={f.salePrice} inputMode="decimal" {...text('sale_price')} />
        </div>
        <div className="space-y-1">
          <Checkbox label={f.onSaleRetail} checked={values.on_sale_retail} onChange={(v) => set('on_sale_retail', v)} />
          <Field label={f.salePriceRetail} inputMode="decimal" {...text('sale_price_retail')} />
        </div>
      </Section>

      <div className="space-y-1">
        <Label htmlFor={`${id}-iva`}>{ivaTexts.rateLabel}</Label>
        <select
          id={`${id}-iva`}
          value={String(values.iva_rate)}
          aria-describedby={`${id}-iva-hint`}
          aria-invalid={errors.iva_rate ? true : undefined}
          onChange={(e) => set('iva_rate', Number(e.target.value) as IvaRate)}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 sm:w-56"
        >
          {IVA_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate === 0 ? `0 % (${ivaRateLabel(rate)})` : ivaRateLabel(rate)}
            </option>
          ))}
        </select>
        <p id={`${id}-iva-hint`} className="text-sm text-slate-600">
          {errors.iva_rate ?? ivaTexts.rateHint}
        </p>
      </div>

      <TierEditor tiers={values.discounts} onChange={(tiers) => set('discounts', tiers)} errors={errors} />
      {errors.discounts ? <p className="text-sm font-medium text-red-700">{errors.discounts}</p> : null}
      <PricePreview product={previewProduct(values)} />

      <Section>
        <Field label={f.stock} inputMode="numeric" disabled={values.has_unlimited_stock} {...text('stock')} />
        <div className="flex flex-col justify-end">
          <Checkbox
            label={f.unlimitedStock}
            checked={values.has_unlimited_stock}
            onChange={(v) => set('has_unlimited_stock', v)}
          />
        </div>
      </Section>
      <Section>
        <Field label={f.packSize} inputMode="numeric" {...text('pack_size')} />
        <Field label={f.minQuantity} inputMode="numeric" {...text('min_quantity')} />
        <Field label={f.maxQuantity} inputMode="numeric" {...text('max_quantity')} />
        <Field label={f.barcode} inputMode="numeric" autoComplete="off" {...text('barcode')} />
      </Section>
      <Section>
        <Field label={f.sku} autoComplete="off" {...text('sku')} />
        <div>
          <Field label={f.category} autoComplete="off" list={`${id}-categories`} {...text('category')} />
          <datalist id={`${id}-categories`}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </div>
      </Section>
      <div className="space-y-1">
        <Label htmlFor={`${id}-description`}>{f.description}</Label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          onChange={(e) => set('description', e.target.value)}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
        />
        {errors.description ? (
          <p id={`${id}-description-error`} className="text-sm font-medium text-red-700">
            {errors.description}
          </p>
        ) : null}
      </div>
      {product ? (
        <GalleryEditor productId={product.id} />
      ) : (
        // A new product has no id yet: its first image is sent right after it is created.
        <div className="space-y-1">
          <Label htmlFor={`${id}-image`}>{f.image}</Label>
          <FilePicker
            id={`${id}-image`}
            accept="image/jpeg,image/png,image/webp"
            describedBy={`${id}-image-hint`}
            chooseText={adminPage.chooseImage}
            onFile={setImage}
            fileName={image?.name ?? null}
            noFileText={adminPage.noFileChosen}
          />
          <p id={`${id}-image-hint`} className="text-sm text-slate-600">
            {f.imageHint}
          </p>
        </div>
      )}
      <Checkbox label={f.enabled} checked={values.is_enabled} onChange={(v) => set('is_enabled', v)} />

      {refused ? <FormSummary labels={summaryLabels(errors)} /> : null}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}
