import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { centavosToInput, formatDateTime, parsePesos } from '@mayorista/core/money';
import { messages } from '@mayorista/core/messages';
import type { SettingsResponse } from '@mayorista/core/schemas/settings';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { saveSettings, settingsKeys, settingsQueryOptions } from './settings-api';

const text = messages.settings;

/** /admin?tab=ajustes: the business settings. Each setting is one field of one form. */
export default function AdminSettingsTab() {
  const query = useQuery(settingsQueryOptions());
  if (query.isPending) return <Spinner label={messages.adminPage.loadingTab} />;
  if (query.isError) {
    return <LoadError title={text.loadError} detail={query.error.message} retryLabel={text.retry} onRetry={() => void query.refetch()} />;
  }
  return <SettingsForm key={query.data.updated_at ?? 'defaults'} current={query.data} />;
}

function SettingsForm({ current }: { current: SettingsResponse }) {
  const queryClient = useQueryClient();
  const [minOrder, setMinOrder] = useState(centavosToInput(current.min_order_amount));
  const [error, setError] = useState<string>();

  const mutation = useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      toast({ title: text.saved });
    },
    onError: (failure: Error) => toast({ title: messages.errors.validation, description: failure.message, variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const centavos = minOrder.trim() === '' ? 0 : parsePesos(minOrder);
    if (centavos === null || Number.isNaN(centavos)) {
      setError(text.invalidAmount);
      return;
    }
    setError(undefined);
    mutation.mutate({ min_order_amount: centavos });
  };

  return (
    <section aria-labelledby="ajustes-titulo" className="max-w-xl space-y-4">
      <div>
        <h2 id="ajustes-titulo" className="text-xl font-semibold text-slate-900">
          {text.heading}
        </h2>
        <p className="text-sm text-slate-600">{text.intro}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <Field
          label={text.minOrderAmount}
          hint={text.minOrderAmountHint}
          error={error}
          inputMode="decimal"
          autoComplete="off"
          value={minOrder}
          onChange={(event) => setMinOrder(event.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? text.saving : text.save}
          </Button>
          {current.updated_at ? <p className="text-sm text-slate-600">{text.updatedAt(formatDateTime(current.updated_at))}</p> : null}
        </div>
      </form>
    </section>
  );
}
