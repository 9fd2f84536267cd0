// The catalogue import's reading thread (decision 030): reads an uploaded spreadsheet into the
// import's typed rows under the untrusted-file limits. Built as dist/import-worker.js.
import { serveFileJobs } from '../../lib/untrusted-files/worker-host';
import { parseCatalogueFile } from './pricing.import-parse';

serveFileJobs(async (file) => {
  const { rows, errors } = await parseCatalogueFile(file);
  return { items: rows, result: errors };
});
