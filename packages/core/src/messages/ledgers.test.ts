import { describe, expect, it } from 'vitest';
import { ledgers } from './ledgers';

describe('db:check report', () => {
  it('agrees in number with the count of inconsistencies', () => {
    expect(ledgers.check.failed(1)).toBe('Se encontró 1 inconsistencia.');
    expect(ledgers.check.failed(3)).toBe('Se encontraron 3 inconsistencias.');
  });
});
