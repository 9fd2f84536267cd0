import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { products } from '@mayorista/core/messages/products';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FilePicker } from '../../../components/ui/file-picker';
import { Label } from '../../../components/ui/label';
import { previewProduct, type FieldErrors } from '../lib/product-form-values';
import { GalleryEditor } from './gallery-editor';
import { PricePreview } from './price-preview';
import { TierEditor } from './tier-editor';
import { useProductForm } from './use-product-form';
import { IVA_RATES, ivaRateLabel, type IvaRate } from '@mayorista/core/iva';
import { iva as ivaTexts } from '@mayorista/core/messages/iva';
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
  ['weight_kg', f.weightKg],
  ['weight_grams', f.weightKg],
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

/** "IVA": the product's rate, with the hint (or the message) under it. */
function IvaRateSelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: IvaRate;
  error?: string | undefined;
  onChange: (rate: IvaRate) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`${id}-iva`}>{ivaTexts.rateLabel}</Label>
      <select
        id={`${id}-iva`}
        value={String(value)}
        aria-describedby={`${id}-iva-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(Number(e.target.value) as IvaRate)}
        className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 sm:w-56"
      >
        {IVA_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {rate === 0 ? `0 % (${ivaRateLabel(rate)})` : ivaRateLabel(rate)}
          </option>
        ))}
      </select>
      <p id={`${id}-iva-hint`} className="text-sm text-slate-600">
        {error ?? ivaTexts.rateHint}
      </p>
    </div>
  );
}

function DescriptionField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`${id}-description`}>{f.description}</Label>
      <textarea
        id={`${id}-description`}
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-description-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
      />
      {error ? (
        <p id={`${id}-description-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A new product has no id yet: its first image is chosen here and sent right after it is created. */
function NewImageField({ id, image, onImage }: { id: string; image: File | null; onImage: (file: File | null) => void }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`${id}-image`}>{f.image}</Label>
      <FilePicker
        id={`${id}-image`}
        accept="image/jpeg,image/png,image/webp"
        describedBy={`${id}-image-hint`}
        chooseText={adminPage.chooseImage}
        onFile={onImage}
        fileName={image?.name ?? null}
        noFileText={adminPage.noFileChosen}
      />
      <p id={`${id}-image-hint`} className="text-sm text-slate-600">
        {f.imageHint}
      </p>
    </div>
  );
}

/** Prices: wholesale and retail, each with its sale price. */
function PriceFields({ form }: { form: ReturnType<typeof useProductForm> }) {
  const { values, set, text } = form;
  return (
    <>
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
    </>
  );
}

/** Stock (or unlimited), the quantity rules, barcode, SKU and category (with the known ones offered). */
function StockAndCodeFields({
  form,
  id,
  categories,
}: {
  form: ReturnType<typeof useProductForm>;
  id: string;
  categories: string[];
}) {
  const { values, set, text } = form;
  return (
    <>
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
        <Field label={f.weightKg} inputMode="decimal" autoComplete="off" {...text('weight_kg')} />
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
    </>
  );
}

/** Every product field, validated with the core schema before anything is sent. */
export function ProductForm({ product, categories, serverErrors, submitting, onSubmit, onCancel }: ProductFormProps) {
  const id = useId();
  const form = useProductForm(product, serverErrors);
  const { formRef, values, errors, set } = form;
  const [image, setImage] = useState<File | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check();
    if (input) onSubmit(input, image);
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4">
      <Field label={f.name} required autoComplete="off" {...form.text('name')} />
      <PriceFields form={form} />
      <IvaRateSelect id={id} value={values.iva_rate} error={errors.iva_rate} onChange={(rate) => set('iva_rate', rate)} />
      <TierEditor tiers={values.discounts} onChange={(tiers) => set('discounts', tiers)} errors={errors} />
      {errors.discounts ? <p className="text-sm font-medium text-red-700">{errors.discounts}</p> : null}
      <PricePreview product={previewProduct(values)} />
      <StockAndCodeFields form={form} id={id} categories={categories} />
      <DescriptionField id={id} value={values.description} error={errors.description} onChange={(v) => set('description', v)} />
      {product ? <GalleryEditor productId={product.id} /> : <NewImageField id={id} image={image} onImage={setImage} />}
      <Checkbox label={f.enabled} checked={values.is_enabled} onChange={(v) => set('is_enabled', v)} />
      {form.refused ? <FormSummary labels={summaryLabels(errors)} /> : null}
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
