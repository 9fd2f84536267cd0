import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPage } from '@mayorista/core/messages/adminPage';
import { pricing } from '@mayorista/core/messages/pricing';
import type { ImportReport } from '@mayorista/core/schemas/pricing';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FilePicker } from '../../../components/ui/file-picker';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-client';
import { productKeys } from '../../../lib/queries/products';
import { importCatalogue } from '../api/pricing-api';

const t = pricing.admin;

/** A refused import answers 400 with the same report in `report`: show it like a successful one. */
function reportOf(error: unknown): ImportReport | null {
  if (!isApiError(error)) return null;
  const report = error.body.report as ImportReport | undefined;
  return report && Array.isArray(report.errors) ? report : null;
}

function Report({ report }: { report: ImportReport }) {
  return (
    <section aria-label={report.dry_run ? t.reportTitle : t.reportApplied} className="space-y-2 border-t border-slate-200 pt-3">
      <h3 className="font-semibold text-slate-900">{report.dry_run ? t.reportTitle : t.reportApplied}</h3>
      <p role="status" className="text-slate-900">{t.reportCounts(report.created, report.updated, report.unchanged)}</p>
      {report.errors.length > 0 ? (
        <>
          <p className="font-medium text-red-700">{t.reportErrors(report.errors.length)}</p>
          <ul className="max-h-64 space-y-1 overflow-y-auto text-sm text-red-800">
            {report.errors.map((e, i) => <li key={i}>{e.message}</li>)}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Productos → "Importar planilla": choose a file, simulate (dry run), then import all or nothing. */
export function ImportDialog({
  open,
  onOpenChange,
  onApplied,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied: (change: { id: string; product_count: number }) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }) => importCatalogue(file!, dryRun),
    onSuccess: (result) => {
      setReport(result);
      setError(null);
      if (!result.dry_run) {
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        toast({ title: t.reportApplied, description: t.reportCounts(result.created, result.updated, result.unchanged) });
        if (result.change_id) onApplied({ id: result.change_id, product_count: result.updated });
      }
    },
    onError: (e) => {
      setReport(reportOf(e));
      setError(reportOf(e) ? null : e.message);
    },
  });
  const canApply = report?.dry_run === true && report.errors.length === 0 && report.created + report.updated > 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t.importTitle} size="lg">
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t.importHint}</p>
          <div className="space-y-1">
            <Label htmlFor="import-file">{t.fileLabel}</Label>
            <FilePicker
              id="import-file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              chooseText={adminPage.chooseFile}
              onFile={(chosen) => {
                setFile(chosen);
                setReport(null);
                setError(null);
              }}
              fileName={file?.name ?? null}
              noFileText={adminPage.noFileChosen}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!file || run.isPending} onClick={() => run.mutate({ dryRun: true })}>{t.dryRun}</Button>
            <Button disabled={!canApply || run.isPending} onClick={() => run.mutate({ dryRun: false })}>{t.importApply}</Button>
          </div>
          {error ? <p role="alert" className="text-sm font-medium text-red-700">{error}</p> : null}
          {report ? <Report report={report} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
