import { accountPages } from '@mayorista/core/messages/accountPages';
import { Field, type FieldProps } from '../../../components/ui/field';

/**
 * "Correo electrónico" as every account form asks it: named `email` (the forms' validation finds
 * it by name), the phone's e-mail keyboard, and the browser's saved address offered.
 */
export function EmailField(props: Omit<FieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'required'>) {
  return (
    <Field label={accountPages.emailLabel} type="email" name="email" autoComplete="email" inputMode="email" required {...props} />
  );
}
