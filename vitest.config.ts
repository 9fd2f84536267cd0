import { defineConfig } from 'vitest/config';

// Each workspace owns its test configuration; `vitest run --project <name>` picks one.
export default defineConfig({
  test: {
    projects: ['./packages/core/vitest.config.ts', './apps/web/vitest.config.ts', './apps/server/vitest.config.ts'],
  },
});
