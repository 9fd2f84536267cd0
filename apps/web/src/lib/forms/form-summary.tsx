import { accountPages } from '@mayorista/core/messages/accountPages';

/** The short list of wrong fields that sits next to a form's button after a refused submit. */
export function FormSummary({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
      data-testid="form-summary"
    >
      {accountPages.fixSummary(labels)}
    </p>
  );
}
