import { useEffect, useRef, useState } from 'react';
import type { Product } from '@mayorista/core/schemas/product';
import { focusFirstInvalid } from '../../../lib/forms/focus-first-error';
import {
  buildProductInput,
  emptyFormValues,
  toFormValues,
  type FieldErrors,
  type ProductFormValues,
} from '../lib/product-form-values';

/** The product form's plain text fields (the selects, checkboxes, tiers and description have their own controls). */
export type TextKey =
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
  | 'weight_kg'
  | 'barcode';

/**
 * The product form's values and messages. A text field the person typed in is judged as they leave
 * it and again as they correct it (decision 033); the submit judges them all, the tiers and the
 * cross-field rules included. The server's messages ("SKU ya existe") replace the form's and stay
 * until their field is edited. A refused submit brings the first wrong field into view, focused.
 */
export function useProductForm(product: Product | null, serverErrors: FieldErrors | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProductFormValues>(() => (product ? toFormValues(product) : emptyFormValues()));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Shown after a refused submit (here or by the server) until the next one.
  const [refused, setRefused] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const edited = useRef(new Set<string>());

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

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const touch = (key: string) => {
    if (edited.current.has(key)) setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  };
  /** A text field's props: its value, its message, typing (marks it edited) and leaving (judges it once edited). */
  const text = (key: TextKey) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      edited.current.add(key);
      set(key, event.target.value);
    },
    onBlur: () => touch(key),
  });
  /** Judges every field; the product's input when it may be sent, otherwise null (and the messages shown). */
  const check = () => {
    const { input, errors: found } = buildProductInput(values);
    setErrors(found);
    setRefused(!input);
    if (!input) focusFirstError();
    return input;
  };
  return { formRef, values, errors, refused, set, text, check };
}
