import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace owns its test configuration; `vitest run --project <name>` picks one.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the machine's cores: one on CI's two, running the 181
    // files one after another (394 s). Two workers overlap one file's database and disk waits with
    // another's work (238 s on the same machine, every test passing); each server file already has
    // a database of its own. Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['./packages/core/vitest.config.ts', './apps/web/vitest.config.ts', './apps/server/vitest.config.ts'],
  },
});
