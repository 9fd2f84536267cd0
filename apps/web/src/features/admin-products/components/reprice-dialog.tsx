import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pricing } from '@mayorista/core/messages/pricing';
import { products } from '@mayorista/core/messages/products';
import type { PriceChange } from '@mayorista/core/schemas/pricing';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { productKeys } from '../../../lib/queries/products';
import { applyReprice, previewReprice, type RepriceBody } from '../api/pricing-api';
import { toRepriceBody } from '../lib/reprice-body';
import { RepricePreviewSection, type RepriceSort } from './reprice-preview';
import { RepriceRuleForm, type RepriceRule } from './reprice-rule-form';

const t = pricing.admin;
const PAGE_SIZE = 20;

export interface RepriceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied: (change: PriceChange) => void;
  categories: string[];
  search: string;
  selectedIds: string[];
}

/** The submitted rule's preview, one page at a time in the chosen order; a new rule starts again at page 1. */
function useRepricePreview() {
  const [submitted, setSubmitted] = useState<RepriceBody | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<RepriceSort>('name');
  const preview = useQuery({
    queryKey: ['reprice-preview', submitted, page, sort],
    queryFn: () => previewReprice({ ...submitted!, page, page_size: PAGE_SIZE, sort, order: sort === 'change' ? 'desc' : 'asc' }),
    enabled: submitted !== null,
  });
  const submit = (body: RepriceBody) => {
    setPage(1);
    setSubmitted(body);
  };
  const sortBy = (next: RepriceSort) => {
    setSort(next);
    setPage(1);
  };
  return { submitted, submit, page, setPage, sort, sortBy, preview };
}

/** Applies the submitted rule; the catalogue is reloaded and the tab offers to undo it. */
function useApplyReprice(
  submitted: RepriceBody | null,
  { onApplied, onOpenChange }: Pick<RepriceDialogProps, 'onApplied' | 'onOpenChange'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => applyReprice(submitted!),
    onSuccess: (change) => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      toast({ title: t.applied(change.product_count) });
      onApplied(change);
      onOpenChange(false);
    },
    onError: (error) => toast({ title: products.errorTitle, description: error.message, variant: 'destructive' }),
  });
}

/** Productos → "Cambiar precios": rule, preview (paged, sortable, with warnings), apply, undo. */
export function RepriceDialog({ open, onOpenChange, onApplied, categories, search, selectedIds }: RepriceDialogProps) {
  const [rule, setRule] = useState<RepriceRule>(() => ({
    scope: selectedIds.length > 0 ? 'selected' : 'all',
    category: categories[0] ?? '',
    kind: 'up',
    value: '',
    fields: ['price', 'retail_price'],
    rounding: 'none',
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const { submitted, submit, page, setPage, sort, sortBy, preview } = useRepricePreview();
  const apply = useApplyReprice(submitted, { onApplied, onOpenChange });

  const showPreview = () => {
    const body = toRepriceBody({ ...rule, search, selectedIds });
    if (typeof body === 'string') return setFormError(body);
    setFormError(null);
    submit(body);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.repriceTitle} size="lg">
        <div className="space-y-4">
          <RepriceRuleForm
            rule={rule}
            onChange={(patch) => setRule((current) => ({ ...current, ...patch }))}
            categories={categories}
            search={search}
            selectedCount={selectedIds.length}
          />
          {formError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formError}
            </p>
          ) : null}
          <Button variant="secondary" onClick={showPreview}>
            {t.preview}
          </Button>
          {submitted && preview.isPending ? <Spinner label={t.preview} /> : null}
          {preview.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {preview.error.message}
            </p>
          ) : null}
          {preview.data ? (
            <RepricePreviewSection
              data={preview.data}
              page={page}
              onPage={setPage}
              sort={sort}
              onSort={sortBy}
              applying={apply.isPending}
              onApply={() => apply.mutate()}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
