import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { products as productsTexts } from '@mayorista/core/messages/products';
import type { Product, ProductInput } from '@mayorista/core/schemas/product';
import { toast } from '../../../components/ui/toast-store';
import { saveBlob } from '../../../lib/download';
import { productKeys } from '../../../lib/queries/products';
import { createProduct, deleteProduct, setProductEnabled, updateProduct, uploadProductImage } from '../api/admin-products-api';
import { exportCatalogue } from '../api/pricing-api';
import { serverFieldErrors, toastError } from '../lib/product-errors';
import type { FieldErrors } from '../lib/product-form-values';

const p = productsTexts;

export type Editing = { mode: 'create' } | { mode: 'edit'; product: Product } | null;

interface SaveArgs {
  input: ProductInput;
  image: File | null;
  target: Product | null;
}

/** Saves the product, then its image; a refused image keeps the saved product (and the dialog open on it). */
async function saveProduct({ input, image, target }: SaveArgs) {
  const saved = target ? await updateProduct(target.id, input) : await createProduct(input);
  if (!image) return { saved, imageError: null };
  try {
    return { saved: await uploadProductImage(saved.id, image), imageError: null };
  } catch (imageError) {
    // The product itself is saved; keep the dialog open on it so the image can be retried.
    return { saved, imageError };
  }
}

/** The product dialog: which product is open (or a new one), the server's field messages, and saving. */
export function useProductEditor() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: saveProduct,
    onSuccess: ({ saved, imageError }, { target }) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      if (imageError) {
        setEditing({ mode: 'edit', product: saved });
        toastError(imageError);
        return;
      }
      setEditing(null);
      toast({ title: target ? p.updated : p.added });
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      toastError(error);
    },
  });
  const open = (next: Editing) => {
    setServerErrors({});
    setEditing(next);
  };
  return { editing, open, close: () => setEditing(null), serverErrors, save };
}

/** Show or hide a product in the catalogue. */
export function useToggleProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, enabled }: { product: Product; enabled: boolean }) => setProductEnabled(product.id, enabled),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast(
        updated.is_enabled
          ? { title: p.enabled, description: p.enabledText }
          : { title: p.disabled, description: p.disabledText },
      );
    },
    onError: toastError,
  });
}

/** The product awaiting "Eliminar" confirmation, and the deletion. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const remove = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.id),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast({ title: p.deleted });
    },
    onError: toastError,
  });
  return { deleting, setDeleting, remove };
}

/** The catalogue as a sheet (CSV or Excel), filtered by the search in the box. */
export function useExportCatalogue(search: string) {
  return useMutation({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      saveBlob(await exportCatalogue(format, search), `catalogo-${new Date().toISOString().slice(0, 10)}.${format}`);
    },
    onError: toastError,
  });
}

/** Hand-picked products for a bulk price change (the repricing work, decision 015). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, toggle };
}
