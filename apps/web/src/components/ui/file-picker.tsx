import { buttonVariants } from './button';
import { cn } from '../../lib/cn';

export interface FilePickerProps {
  id: string;
  accept: string;
  /** The button's text ("Elegir archivo"): it is the input's label, so it names the field too. */
  chooseText: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  describedBy?: string;
  /** With `noFileText`, the chosen file's name (or that text) is shown beside the button. */
  fileName?: string | null;
  noFileText?: string;
}

/**
 * A file field whose button and "no file" line are ours, in Spanish: the browser's own input says
 * "Choose File" / "No file chosen" in the browser's language, whatever the page's. The real input
 * stays in the page (visually hidden) so keyboards, screen readers and tests use it as before; its
 * label is the visible button, which shows the keyboard focus the input has.
 */
export function FilePicker({ id, accept, chooseText, onFile, disabled, describedBy, fileName, noFileText }: FilePickerProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          // Emptied so that choosing the same file again is a change too.
          e.target.value = '';
          onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: 'secondary' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        {chooseText}
      </label>
      {noFileText !== undefined ? (
        <span className="min-w-0 text-sm break-all text-slate-700" data-testid="chosen-file">
          {fileName ?? noFileText}
        </span>
      ) : null}
    </div>
  );
}
