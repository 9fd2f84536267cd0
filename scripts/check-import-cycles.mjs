#!/usr/bin/env node
// Import circles, type-only imports included (import-x/no-cycle follows value imports only), in the
// packages whose layering docs/architecture.md describes: packages/core/src and apps/server/src.
// Exits 1 and names each circle's files. `npm run lint` runs it after eslint.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['packages/core/src', 'apps/server/src'];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield file;
  }
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const graph = new Map();
for (const root of ROOTS) {
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target) targets.add(path.relative('.', target));
    }
    graph.set(path.relative('.', file), targets);
  }
}

// Tarjan's strongly connected components: every component of more than one file is a circle.
let index = 0;
const stack = [];
const meta = new Map();
const circles = [];
function connect(node) {
  meta.set(node, { index, low: index, onStack: true });
  index += 1;
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (!meta.has(next)) {
      connect(next);
      meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
    } else if (meta.get(next).onStack) meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
  }
  if (meta.get(node).low === meta.get(node).index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      meta.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) circles.push(component.sort());
  }
}
for (const node of graph.keys()) if (!meta.has(node)) connect(node);

if (circles.length > 0) {
  for (const circle of circles) console.error(`Import circle (type imports included): ${circle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`No import circles in ${ROOTS.join(' and ')} (${graph.size} files, type imports included).`);
