import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A form test types every field of the sign-up with userEvent: ~1–2 s on a quiet machine, past
    // vitest's default 5 s when the other suites share the 2 cores (seen on a loaded run).
    testTimeout: 20_000,
  },
});
