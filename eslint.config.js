import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'artifacts/**', 'bench/results*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Features never import features (ARCHITECTURE §16): shared pieces live in src/lib and
  // src/components, and the pages in src/app compose features. Built from the folder list so a new
  // feature is covered the day it is created; see webBoundaryRules below.
  ...webBoundaryRules(),
  ...messagesBySubpathRules(),
  ...lazyServerLibrariesRules(),
  ...noCycleRules(),
  ...serverLayerRules(),
  ...sizeRules(),
);

/**
 * A function reads in one screen and a file in one sitting (docs/architecture.md): a function
 * over 80 lines is split into named steps (hooks, components, helpers, route groups), a file over
 * 400 lines into files. Blank lines and comments are not counted; tests are not held to it (a
 * describe block is a list of cases). The web app, core, the server and the bench harness are all within it.
 */
function sizeRules() {
  return [
    {
      files: ['apps/web/src/**/*.{ts,tsx}', 'packages/core/src/**/*.ts', 'apps/server/src/**/*.ts', 'bench/**/*.ts'],
      ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
      rules: {
        'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
        'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      },
    },
  ];
}

/**
 * No import circles in core or the server (docs/architecture.md): a file never reaches itself
 * through its imports, type-only imports included. Run on the source of both packages.
 */
function noCycleRules() {
  return [
    {
      files: ['packages/core/src/**/*.ts', 'apps/server/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      plugins: { 'import-x': importX },
      settings: {
        ...importX.flatConfigs.typescript.settings,
        'import-x/resolver': undefined,
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: ['packages/core/tsconfig.json', 'apps/server/tsconfig.json'], noWarnOnMultipleProjects: true }),
        ],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
  ];
}

/**
 * The server's floors (docs/architecture.md, decision 034), from the bottom: lib, db and plugins;
 * then src/modules, side by side, each seen by the others only through what it exports; then
 * src/flows, the work that spans several modules, which calls their public surfaces (index.ts);
 * then src/routes and app.ts. A module imports no other module, no flow and no route; a flow or a
 * route imports a module by its folder (its index.ts), never a file inside it; lib, db and plugins
 * import none of the three. `no-restricted-imports` sees only the specifier, so each block knows
 * how deep its files sit.
 */
function serverLayerRules() {
  const src = 'apps/server/src';
  const blocks = [];
  const moduleMessage =
    'A module imports no other module, flow or route: move the shared piece down to src/lib or src/db, or compose the modules in a flow (src/flows).';
  for (let depth = 0; depth <= 3; depth += 1) {
    // From modules/<m>/<depth dirs>/x.ts, `../` taken depth+1 times reaches modules/.
    const up = `(\\.\\./){${depth + 1}}`;
    blocks.push({
      files: [`${src}/modules/*/${'*/'.repeat(depth)}*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              // ../orders from modules/stock/x.ts: a sibling module.
              { regex: `^${up}[^./]`, message: moduleMessage },
              // ../../flows, ../../routes, ../../app from modules/<m>/x.ts, or modules/ reached from above.
              { regex: `^${up}\\.\\./(flows|routes|app|main)(/|$)`, message: moduleMessage },
              { regex: '(^|/)modules/', message: moduleMessage },
            ],
          },
        ],
      },
    });
  }
  const surfaceMessage = "Import a module by its folder (its index.ts), e.g. '../modules/orders': the files inside are its own.";
  const surface = { regex: '(^|/)modules/[^/]+/', message: surfaceMessage };
  blocks.push({
    files: [`${src}/routes/**/*.ts`, `${src}/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [surface] }] },
  });
  blocks.push({
    files: [`${src}/flows/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [surface, { regex: '^\\.\\./(routes|app|main)(/|$)', message: 'A flow never imports a route or the app.' }] },
      ],
    },
  });
  blocks.push({
    files: [`${src}/lib/**/*.ts`, `${src}/db/**/*.ts`, `${src}/plugins/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|flows|routes)(/|$)',
              message: 'src/lib, src/db and src/plugins sit below the modules: they import no module, flow or route.',
            },
          ],
        },
      ],
    },
  });
  return blocks;
}

/**
 * Decision 021: the first download carries only the texts the first page uses. A module the entry
 * reaches by static imports lands in the entry chunk, and the `messages` namespace re-exports
 * every section, so web code (and the core modules it bundles) imports each section by subpath:
 * `import { cart } from '@mayorista/core/messages/cart'`. Tests are not bundled and may use the
 * namespace; so may the server. A separate rule name, so the feature-boundary blocks keep theirs.
 */
/**
 * The server loads exceljs, pdfkit, sharp and nodemailer on first use and in the background after
 * start-up (decision 045); a static import anywhere else would put their loading back into every
 * start. Type imports are free. A rule name of its own, so the layer blocks keep theirs.
 */
function lazyServerLibrariesRules() {
  const message = "Use the accessor in apps/server/src/lib/lazy-modules.ts (decision 045): a static import adds the library's loading to every server start.";
  return [
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['**/*.test.ts', 'apps/server/src/lib/lazy-modules.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: ['exceljs', 'pdfkit', 'sharp', 'nodemailer'].map((name) => ({ name, message, allowTypeImports: true })) },
        ],
      },
    },
  ];
}

function messagesBySubpathRules() {
  const message =
    "Import the texts section by subpath, e.g. import { cart } from '@mayorista/core/messages/cart' (decision 021): the messages namespace puts every section in the first download.";
  return [
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: [
              { name: '@mayorista/core/messages', message },
              { name: '@mayorista/core', message },
            ],
            patterns: [{ regex: '^@mayorista/core/messages/(index|sections)$', message }],
          },
        ],
      },
    },
    {
      files: ['packages/core/src/**/*.ts'],
      ignores: ['**/*.test.ts', 'packages/core/src/index.ts', 'packages/core/src/messages/index.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^(\\./|(\\.\\./)+)messages(/index|/sections)?$', message }] },
        ],
      },
    },
  ];
}

/**
 * One `no-restricted-imports` block per feature folder and per file depth. The rule sees only the
 * specifier string, so each block knows where its files sit: from features/<f>/<d dirs>/x.ts,
 * `../` taken d+1 times reaches features/, and whatever follows must be <f> itself. A specifier
 * that climbs further and comes back down through a features/ folder is refused at any depth.
 * src/lib and src/components sit below every feature and may import none (nor src/app).
 * `import('…')` is checked with the same patterns through no-restricted-syntax.
 */
function webBoundaryRules() {
  const root = 'apps/web/src/features';
  const features = readdirSync(new URL(`./${root}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const message = 'Features never import features: move the shared piece to src/lib or src/components, or compose both from a page in src/app.';
  const blocks = [];
  // esquery's regex literals cannot contain '/', so the selectors spell it \x2F.
  const dynamicImport = (regex) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message });
  for (const feature of features) {
    for (let depth = 0; depth <= 6; depth += 1) {
      const up = `(\\.\\./){${depth + 1}}`;
      // ../../cart from features/orders/components/x.tsx: a sibling feature.
      const sibling = `^${up}(?!${escape(feature)}(/|$))[^./]`;
      // ../../../features/cart or a bare specifier naming another feature's folder.
      const throughFeatures = `(^|/)features/(?!${escape(feature)}(/|$))`;
      blocks.push({
        files: [`${root}/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns: [{ regex: sibling, message }, { regex: throughFeatures, message }] }],
          // The same two rules for import('…'), which no-restricted-imports does not see.
          'no-restricted-syntax': ['error', dynamicImport(sibling), dynamicImport(throughFeatures)],
        },
      });
    }
  }
  blocks.push({
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message: 'src/lib and src/components are the shared layer: they import no feature and nothing from src/app.',
            },
          ],
        },
      ],
    },
  });
  return blocks;
}
