import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is false on the first render, true after a frame and a task; a later mount does not wait', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const first = renderHook(() => useAfterFirstPaint());
    expect(first.result.current).toBe(false);
    expect(frames).toHaveLength(1);

    // The frame alone is not enough: the work waits for the task after it.
    act(() => frames[0]!(performance.now()));
    expect(first.result.current).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(first.result.current).toBe(true);

    const later = renderHook(() => useAfterFirstPaint());
    expect(later.result.current).toBe(true);
    expect(frames).toHaveLength(1);
  });
});
