// A thread entry for untrusted-file-thread.test.ts: reads a "file" that says what to do, so the
// test can make a job that runs forever, one that allocates until the heap limit, and a normal one.
import { AppError } from '../src/lib/errors';
import { serveFileJobs } from '../src/lib/untrusted-files/worker-host';

serveFileJobs(async (file) => {
  const command = file.toString('utf8');
  if (command === 'spin') for (;;);
  if (command === 'grow') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `fila ${i} ${kept.length}`));
  }
  if (command === 'refuse') throw new AppError('import_invalid', 'Archivo rechazado a propósito.');
  if (command === 'wait') await new Promise((resolve) => setTimeout(resolve, 300));
  if (command === 'many')
    return { items: Array.from({ length: 2500 }, (_, i) => String(i)), result: { length: file.length, text: command } };
  return { items: [...command], result: { length: file.length, text: command } };
});
