import { useState } from 'react';
import { apiDownload, type ApiRequestOptions } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { receivables } from '../../lib/receivables/texts';
import { Button, type ButtonProps } from '../ui/button';
import { toast } from '../ui/toast-store';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick'> {
  path: string;
  query?: ApiRequestOptions['query'];
  fileName: string;
  label: string;
  /** Called before downloading; false stops it (a form that found a mistake). */
  before?: () => boolean;
}

/** A file the server makes (receipt, statement, spreadsheet), downloaded with the session's token. */
export function DownloadButton({ path, query, fileName, label, before, variant = 'secondary', size = 'sm', ...props }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy || (before && !before())) return;
    setBusy(true);
    try {
      saveBlob(await apiDownload(path, query), fileName);
    } catch (error) {
      toast({ title: receivables.movements.downloadError, description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...props} variant={variant} size={size} disabled={busy || props.disabled} aria-busy={busy} onClick={() => void onClick()}>
      {busy ? receivables.movements.downloading : label}
    </Button>
  );
}
