import { Button, type ButtonProps } from '../../components/ui/button';
import { FormSummary } from './form-summary';

/**
 * The end of a form: the list of wrong fields after a refused submit (FormSummary), then the submit
 * button, which says what it is doing while the form is sent and cannot be pressed twice.
 */
export function FormFooter({
  summary,
  submitting,
  label,
  submittingLabel,
  variant,
  className = 'w-full',
}: {
  /** The wrong fields' labels, in screen order (empty: no summary). */
  summary: string[];
  submitting: boolean;
  label: string;
  submittingLabel: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <>
      <FormSummary labels={summary} />
      <Button type="submit" variant={variant} className={className} disabled={submitting}>
        {submitting ? submittingLabel : label}
      </Button>
    </>
  );
}
