import { driverTexts as t } from '../texts';

/** The end of both door forms: the refusal the server gave, the confirm button (its colour says which) and "Cancelar". */
export function FormActions({
  error,
  pending,
  label,
  tone,
  onClose,
}: {
  error: string | null;
  pending: boolean;
  label: string;
  tone: 'confirm' | 'refuse';
  onClose: () => void;
}) {
  const colour = tone === 'confirm' ? 'bg-emerald-700' : 'bg-red-800';
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className={`min-h-11 flex-1 rounded-md ${colour} px-3 font-semibold text-white`}>
          {pending ? t.saving : label}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded-md border border-slate-400 px-3">
          {t.cancel}
        </button>
      </div>
    </>
  );
}
