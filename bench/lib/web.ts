import { mkdirSync, mkdtempSync, rmSync, writeFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { build as ViteBuild, PluginOption } from 'vite';
import { ROOT } from './processes';
// @ts-expect-error -- plain ESM script shared with the npm scripts
import { initialAssets } from '../../scripts/lib/web-metrics.mjs';

export interface AssetBytes {
  jsGzip: number;
  cssGzip: number;
}

export function productInitialBytes(): AssetBytes {
  const { jsGzip, cssGzip } = initialAssets(path.join(ROOT, 'apps/web/dist'));
  return { jsGzip, cssGzip };
}

/**
 * The bare comparison: Vite's React template (a counter page with its CSS), built in this run
 * with the same Vite and React versions the product uses.
 */
export async function templateInitialBytes(): Promise<AssetBytes> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vite-react-template-'));
  try {
    mkdirSync(path.join(dir, 'src'));
    // Resolve react and react-dom from the product's own node_modules.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Vite + React</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>`,
    );
    writeFileSync(
      path.join(dir, 'src/main.jsx'),
      `import { StrictMode, useState } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport './index.css';\nfunction App() { const [count, setCount] = useState(0); return (<><h1>Vite + React</h1><div className="card"><button onClick={() => setCount((c) => c + 1)}>count is {count}</button><p>Edit <code>src/App.jsx</code> and save to test HMR</p></div></>); }\ncreateRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);\n`,
    );
    writeFileSync(
      path.join(dir, 'src/index.css'),
      `:root{font-family:system-ui,Avenir,Helvetica,Arial,sans-serif;line-height:1.5;color-scheme:light dark;color:rgba(255,255,255,.87);background-color:#242424}body{margin:0;display:flex;place-items:center;min-width:320px;min-height:100vh}h1{font-size:3.2em;line-height:1.1}button{border-radius:8px;border:1px solid transparent;padding:.6em 1.2em;font-size:1em;cursor:pointer}.card{padding:2em}\n`,
    );
    const requireFromWeb = createRequire(path.join(ROOT, 'apps/web/package.json'));
    const { build } = (await import(requireFromWeb.resolve('vite'))) as { build: typeof ViteBuild };
    const react = (await import(requireFromWeb.resolve('@vitejs/plugin-react'))).default as () => PluginOption;
    await build({ root: dir, logLevel: 'silent', plugins: [react()], build: { outDir: path.join(dir, 'dist') } });
    const { jsGzip, cssGzip } = initialAssets(path.join(dir, 'dist'));
    return { jsGzip, cssGzip };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
