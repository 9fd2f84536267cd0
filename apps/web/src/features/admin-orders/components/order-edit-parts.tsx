import { orderLife } from '@mayorista/core/messages/orderLife';
import { Button } from '../../../components/ui/button';
import type { EditLines, Line } from './use-edit-lines';

const text = orderLife.edit;

/** One line: its name, the quantity box (digits only), "✕" (not for the last line) and the box's message. */
export function EditLineItem({ line, edit, errorId }: { line: Line; edit: EditLines; errorId: string }) {
  const wrong = edit.showQuantityError(line);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <span className="min-w-0 flex-1 break-words text-sm">{line.name}</span>
      <input
        // Digits only, with a numeric keyboard, like the catalogue's boxes (type="number" took "3e").
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={edit.draftOf(line)}
        aria-label={text.quantityLabel(line.name)}
        aria-invalid={wrong ? true : undefined}
        aria-describedby={wrong ? errorId : undefined}
        onChange={(event) => edit.typeQuantity(line, event.target.value)}
        onBlur={() => edit.leave(line.product_id)}
        className="h-11 w-20 rounded-md border border-slate-300 px-2 text-right tabular-nums aria-invalid:border-red-700"
      />
      <Button
        variant="secondary"
        size="sm"
        aria-label={text.remove(line.name)}
        disabled={edit.lines.length === 1}
        onClick={() => edit.remove(line.product_id)}
      >
        ✕
      </Button>
      {wrong ? (
        <p id={errorId} className="w-full text-sm text-red-800">
          {text.quantityInvalid}
        </p>
      ) : null}
    </li>
  );
}

export const reasonProblem = (value: string) => (value.trim().length < 3 ? text.reasonRequired : undefined);

/**
 * "Motivo": judged as it is left, once something was typed (an untouched box waits for the
 * submit); once judged, the message follows what is typed.
 */
export function ReasonField({
  id,
  value,
  onChange,
  error,
  onError,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  onError: (error: string | undefined) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {text.reasonLabel}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {text.reasonHint}
      </p>
      <textarea
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          // Once judged, the message follows what is typed.
          if (error) onError(reasonProblem(event.target.value));
        }}
        // Judged as it is left, once something was typed (an untouched box waits for the submit).
        onBlur={() => {
          if (value !== '') onError(reasonProblem(value));
        }}
        maxLength={500}
        rows={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="mt-1 w-full rounded-md border border-slate-300 p-2"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Actualizar precios a los de hoy", with its hint. */
export function RepriceToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1 h-4 w-4" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {text.reprice}
        <span className="block text-slate-600">{text.repriceHint}</span>
      </span>
    </label>
  );
}
