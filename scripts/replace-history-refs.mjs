#!/usr/bin/env node
// Replaces "issue N (item M / §M)" and "SPEC §N" in the repository's code and docs with what they
// refer to: neither the issue tracker nor the spec's numbering is in the repository, so a
// newcomer cannot follow them. Run from the repository root: `node scripts/replace-history-refs.mjs [paths…]`
// (default: every tracked text file). Prints the files it changed. Idempotent.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** What each piece of work was about, and the decision records that explain it. */
const ISSUES = {
  3: ['the admin-panel work', null],
  4: ['the pricing-rules work', 'decision 003'],
  6: ['the admin-orders work', null],
  8: ['the hardening work (permissions, hostile input, races, crashes)', null],
  9: ['the speed-budget work', 'decisions 006, 007'],
  15: ['the ledgers-and-contracts work', 'decisions 009, 011, 012'],
  16: ['the business-identity work', 'decisions 017–019'],
  17: ['the repricing work', 'decision 015'],
  18: ['the wholesale-ordering work', 'decision 016'],
  19: ['the order-life work', 'decision 014'],
  20: ['the abuse-limits work', 'decision 010'],
  21: ['the catalogue-at-scale work', 'decision 008'],
};

/** The product specification's sections, by what they define (the API itself is docs/api.md). */
const SPEC = {
  1: "the product's purpose",
  2: 'the screens and routes',
  3: 'the data model',
  4: 'the states and transitions',
  5: 'the validation rules',
  6: 'the roles and permissions',
  7: 'the API calls (docs/api.md)',
  8: 'the error catalogue (docs/api.md)',
  9: 'the business constants',
};

const ITEMS = String.raw`(?:,? (?:items?|§) ?\d+(?:\s?[–-]\s?\d+)?(?: in part)?)*`;
const capitalise = (phrase, like) => (/^[A-Z]/.test(like) ? phrase[0].toUpperCase() + phrase.slice(1) : phrase);

/** The topic, with its decision records unless the text around already names a decision. */
function issueText(numbers, text, offset, length) {
  const around = text.slice(Math.max(0, offset - 80), offset) + text.slice(offset + length, offset + length + 80);
  const topics = numbers.map((n) => ISSUES[n]?.[0] ?? 'earlier work');
  const refs = numbers.map((n) => ISSUES[n]?.[1]).filter(Boolean);
  const phrase = topics.join(' and ');
  if (refs.length === 0 || /decision|docs\/decisions/i.test(around)) return phrase;
  return text[offset - 1] === '(' ? `${phrase}, ${refs.join('; ')}` : `${phrase} (${refs.join('; ')})`;
}

function replace(text) {
  return (
    text
      .replace(new RegExp(String.raw`\b([Ii])ssues (\d+)${ITEMS} and (\d+)${ITEMS}`, 'g'), (m, i, a, b, offset, all) =>
        capitalise(issueText([a, b], all, offset, m.length), i),
      )
      .replace(new RegExp(String.raw`\b([Ii])ssues? (\d+)${ITEMS}`, 'g'), (m, i, n, offset, all) =>
        capitalise(issueText([n], all, offset, m.length), i),
      )
      .replace(
        /\bSPEC ?§ ?(\d+)((?:(?:\/| and |, ?)§ ?\d+)*)(?:\.\d+)*('s)?( (?=[A-Z][a-z]))?/g,
        (m, first, more, possessive, before) => {
          const numbers = [first, ...[...more.matchAll(/\d+/g)].map((x) => x[0])];
          const phrase = numbers.map((n) => SPEC[n] ?? 'the product specification').join(' and ');
          if (before) return `${phrase[0].toUpperCase()}${phrase.slice(1)} — `;
          return possessive ? `${phrase}'` + (phrase.endsWith('s') ? '' : 's') : phrase;
        },
      )
      // "the X work (decision N)'s" reads better as "the X work's (decision N)".
      .replace(/(work) \(([^()]*)\)'s/g, "$1's ($2)")
  );
}

const files =
  process.argv.length > 2 ? process.argv.slice(2) : execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
const TEXT = /\.(ts|tsx|js|mjs|md|sql|json|css|html)$/;
for (const file of files) {
  if (!TEXT.test(file) || file.endsWith('package-lock.json') || file === 'scripts/replace-history-refs.mjs') continue;
  let before;
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  const after = replace(before);
  if (after !== before) {
    writeFileSync(file, after);
    console.log(file);
  }
}
