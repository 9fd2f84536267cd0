/**
 * `AAAA-MM-DD` that names a day that exists. `Date.parse` rolls impossible days over
 * (2026-02-31 becomes 3 March) and accepts year 0000, which PostgreSQL's `date` rejects: a
 * filter that passed validation then failed in the database with a 500 (the abuse-limits work, decision 010).
 * Years 0001–9999 only: every one of them is a valid PostgreSQL date.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Gregorian rule (PostgreSQL uses the proleptic Gregorian calendar for every year). */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
