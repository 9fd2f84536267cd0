import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '/work/wt/pricing/apps/server/src/db/embedded';
import { runPricingPhase } from '/work/wt/pricing/bench/lib/pricing';
const workDir = mkdtempSync(path.join(os.tmpdir(), 'pricing-bench-'));
chmodSync(workDir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'db'), log: () => undefined });
try {
  console.log(JSON.stringify(await runPricingPhase({ databaseUrl: pg.url, workDir, cpu: null, say: (s) => console.log(s) }), null, 1));
} finally { await pg.stop(); }
