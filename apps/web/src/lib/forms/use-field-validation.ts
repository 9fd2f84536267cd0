import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { focusFirstError } from './focus-first-error';

export type FieldErrorMap<K extends string> = Partial<Record<K | 'form', string>>;

interface Options<K extends string> {
  /** The form's fields in screen order: the first wrong one is focused on a refused submit. */
  fields: readonly K[];
  /** Every field's message for the current values; null while the rules are still loading. */
  check: () => FieldErrorMap<K> | null;
  /** What `check` reads (plain data): a field left once is judged again whenever it changes. */
  values: unknown;
  /** Loads what `check` needs (the auth schemas' chunk); called on leave and on submit. */
  prepare?: () => Promise<unknown>;
}

/** The browser's messages over the server's: a field shows the server's word only while the browser has none. */
function shownErrors<K extends string>(server: FieldErrorMap<K>, browser: FieldErrorMap<K>): FieldErrorMap<K> {
  const shown: FieldErrorMap<K> = { ...server };
  for (const [name, message] of Object.entries(browser) as [K | 'form', string | undefined][]) {
    if (message) shown[name] = message;
  }
  return shown;
}

/**
 * A field is judged as the person leaves it and again as they correct it; a submit judges them
 * all, lists the wrong ones next to the button and brings the first one to the middle of the
 * screen, focused (decision 033). The server's word on a field (a CUIT already registered, which
 * the browser cannot know) is shown the same way and stays until that field is edited (`edited`).
 */
export function useFieldValidation<K extends string>({ fields, check, values, prepare }: Options<K>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrorMap<K>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrorMap<K>>({});
  const [touched, setTouched] = useState<ReadonlySet<K>>(new Set());
  const [summary, setSummary] = useState<K[]>([]);
  const isField = useCallback((name: string): name is K => (fields as readonly string[]).includes(name), [fields]);

  // Compared by content: a fresh `{ email, password }` each render is not a change.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    if (touched.size === 0) return;
    const found = check();
    if (!found) return;
    setErrors((previous) => {
      const next = { ...previous };
      for (const name of touched) {
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
    setSummary((previous) => previous.filter((name) => found[name] || serverErrors[name]));
    // `check` reads the values, the only input that changes what it answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey, touched, serverErrors]);

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!isField(name)) return;
    const mark = () => setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    if (prepare) prepare().then(mark, () => undefined);
    else mark();
  };

  /** Shows these messages as a refused submit does: on their fields, in the summary, first one focused. */
  const refuse = (found: FieldErrorMap<K>) => {
    setErrors(found);
    setSummary(fields.filter((name) => found[name]));
    requestAnimationFrame(() => focusFirstError(formRef.current, fields, found));
  };

  /** The server's messages on fields: shown as a refused submit shows them, kept until each field is edited. */
  const refuseFromServer = (found: FieldErrorMap<K>) => {
    setServerErrors(found);
    setSummary(fields.filter((name) => found[name]));
    requestAnimationFrame(() => focusFirstError(formRef.current, fields, found));
  };

  /** The person changed this field: the server's message on it no longer applies. */
  const edited = (name: K) =>
    setServerErrors((previous) => {
      if (!previous[name]) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });

  /** Judges every field; true when the form may be sent. */
  const validate = async (): Promise<boolean> => {
    if (prepare) await prepare();
    const found: FieldErrorMap<K> = check() ?? {};
    if (fields.some((name) => found[name]) || found.form) {
      setTouched(new Set(fields));
      refuse(found);
      return false;
    }
    setErrors({});
    setSummary([]);
    return true;
  };

  /** Forgets every message and which fields were left (a form emptied after it was saved). */
  const reset = () => {
    setTouched(new Set());
    setErrors({});
    setServerErrors({});
    setSummary([]);
  };

  return {
    formRef,
    errors: shownErrors(serverErrors, errors),
    summary,
    onBlur,
    validate,
    refuse,
    refuseFromServer,
    edited,
    reset,
  };
}
