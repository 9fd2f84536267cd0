/**
 * After a refused submit: the first wrong field (in the form's order) is brought to the middle of
 * the screen — clear of the sticky header — and focused, so the person reads its message and can
 * type at once.
 */
export function focusFirstError(form: HTMLFormElement | null, order: readonly string[], errors: Partial<Record<string, string>>): void {
  const first = order.find((name) => errors[name]);
  if (!form || !first) return;
  const field = form.querySelector<HTMLElement>(`[name="${first}"]`);
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/** The same for a form whose fields mark themselves: the first `aria-invalid` one in screen order. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}
