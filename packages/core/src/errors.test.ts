import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_KIND_STATUS, httpStatusOf, isErrorCode, type ErrorCode } from './errors';

describe('error kinds', () => {
  it('every code has a kind with a 4xx or 5xx status', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const status = httpStatusOf(code);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });

  it('conflicts of every module share one status', () => {
    expect(httpStatusOf('product_name_taken')).toBe(httpStatusOf('last_super_admin'));
    expect(httpStatusOf('insufficient_stock')).toBe(409);
    expect(httpStatusOf('not_authenticated')).toBe(401);
    expect(httpStatusOf('not_approved')).toBe(403);
  });

  it('recognises only known codes', () => {
    expect(isErrorCode('insufficient_stock')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('stock_insuficiente')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('docs/api.md lists every code under its kind and status', () => {
    const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Error codes'));
    const documented = new Map<string, string>();
    for (const row of table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Kind'))) {
      const [kind, status, codes] = row
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim());
      expect(Number(status), `status of ${kind}`).toBe(ERROR_KIND_STATUS[kind as keyof typeof ERROR_KIND_STATUS]);
      for (const code of codes!.matchAll(/`([a-z_]+)`/g)) documented.set(code[1]!, kind!);
    }
    expect(Object.fromEntries(documented)).toEqual(ERROR_CODES);
  });
});
