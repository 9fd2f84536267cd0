import { describe, expect, it } from 'vitest';
import { isSessionExpired, retryDelayMs, retrySchedule, shouldRefreshOnTick, shouldRetryRefresh, ticksUntilExpiry } from './session-timing';

const NOW = 1_700_000_000_000;
const expiringIn = (ms: number) => ({ expires_at: (NOW + ms) / 1000 });

describe('expiry margin (10 s)', () => {
  it.each([
    [60_000, false],
    [10_001, false],
    [10_000, true],
    [5_000, true],
    [-1_000, true],
  ])('a token with %i ms left is expired: %s', (left, expired) => {
    expect(isSessionExpired(expiringIn(left), NOW)).toBe(expired);
  });
});

describe('auto-refresh tick decision (30 s tick, 3 ticks threshold)', () => {
  it.each([
    [3_600_000, false],
    [120_000, false],
    [119_999, true], // 3 whole ticks left
    [90_000, true],
    [30_000, true],
    [0, true],
  ])('with %i ms left it refreshes: %s', (left, refresh) => {
    expect(shouldRefreshOnTick(expiringIn(left), NOW)).toBe(refresh);
  });

  it('counts whole ticks', () => {
    expect(ticksUntilExpiry(expiringIn(119_999), NOW)).toBe(3);
    expect(ticksUntilExpiry(expiringIn(120_000), NOW)).toBe(4);
  });

  it('does nothing without a session', () => {
    expect(shouldRefreshOnTick(null, NOW)).toBe(false);
  });
});

describe('refresh retry back-off (200 ms steps within 30 s)', () => {
  it('starts at 200 ms and doubles', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([200, 400, 800, 1600, 3200]);
    expect(retryDelayMs(0)).toBe(0);
  });

  it('retries only retryable errors', () => {
    expect(shouldRetryRefresh({ retryable: false, attempt: 0, startedAtMs: NOW, nowMs: NOW })).toBe(false);
    expect(shouldRetryRefresh({ retryable: true, attempt: 0, startedAtMs: NOW, nowMs: NOW })).toBe(true);
  });

  it('stops when the next try would start after the 30 s window', () => {
    // attempt 7 failed: the next delay is 200 * 2^7 = 25 600 ms.
    expect(shouldRetryRefresh({ retryable: true, attempt: 7, startedAtMs: NOW, nowMs: NOW + 4_300 })).toBe(true);
    expect(shouldRetryRefresh({ retryable: true, attempt: 7, startedAtMs: NOW, nowMs: NOW + 4_400 })).toBe(false);
  });

  it('fits the whole schedule inside the window', () => {
    const schedule = retrySchedule();
    expect(schedule).toEqual([200, 400, 800, 1600, 3200, 6400, 12800]);
    expect(schedule.reduce((a, b) => a + b, 0)).toBeLessThan(30_000);
  });
});
