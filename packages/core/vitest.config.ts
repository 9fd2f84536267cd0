import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The calendar's exhaustive tests (every weekday × every quarter hour) take ~2.5 s alone and came
    // near vitest's default 5 s when two test files share the 2 cores (seen once on a loaded run).
    testTimeout: 20_000,
  },
});
