import { describe, expect, it } from 'vitest';
import { createBatchLanes, type Settled } from '../src/lib/batch-lanes';

/** Decision 026: the batching behind order placement, on its own (no database). */
function recordingLanes(lanes: number, maxBatch: number) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const batcher = createBatchLanes<number, string>({
    lanes,
    maxBatch,
    run: async (batch) => {
      batches.push(batch);
      await new Promise<void>((resolve) => gates.push(resolve));
      return batch.map((n): Settled<string> => (n < 0 ? { ok: false, error: new Error(`negativo ${n}`) } : { ok: true, value: `#${n}` }));
    },
  });
  /** Lets a started batch reach `run` (it is called on the next microtask). */
  const started = () => new Promise((resolve) => setImmediate(resolve));
  /** Lets every batch started so far finish. */
  const finishRunning = async () => {
    for (const open of gates.splice(0)) open();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batcher, batches, started, finishRunning };
}

describe('batch lanes', () => {
  it('starts the first request at once, then gathers what arrives meanwhile into the next batch', async () => {
    const { batcher, batches, started, finishRunning } = recordingLanes(1, 3);
    const answers = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
    await started();
    expect(batches).toEqual([[1]]);
    await finishRunning();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishRunning();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    await finishRunning();
    expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4', '#5']);
  });

  it('runs as many batches at once as it has lanes', async () => {
    const { batcher, batches, started, finishRunning } = recordingLanes(2, 16);
    const answers = [1, 2, 3, 4].map((n) => batcher.submit(n));
    await started();
    expect(batches).toEqual([[1], [2]]);
    await finishRunning();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    await finishRunning();
    expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4']);
  });

  it('answers each request with its own outcome, and a failed batch fails only its own requests', async () => {
    const { batcher, started, finishRunning } = recordingLanes(1, 16);
    const first = batcher.submit(1);
    const ok = batcher.submit(2);
    // Caught at once: it rejects while the test is still opening the gates.
    const refused = batcher.submit(-3).catch((error: unknown) => error);
    await started();
    await finishRunning();
    await finishRunning();
    await expect(first).resolves.toBe('#1');
    await expect(ok).resolves.toBe('#2');
    expect(await refused).toEqual(new Error('negativo -3'));

    const broken = createBatchLanes<number, number>({ lanes: 1, maxBatch: 16, run: () => Promise.reject(new Error('conexión perdida')) });
    await expect(broken.submit(1)).rejects.toThrow('conexión perdida');
    // The lane is free again after a failure, even one thrown before `run` returned a promise.
    await expect(broken.submit(2)).rejects.toThrow('conexión perdida');
    const throwing = createBatchLanes<number, number>({
      lanes: 1,
      maxBatch: 16,
      run: () => {
        throw new Error('falla inmediata');
      },
    });
    await expect(throwing.submit(1)).rejects.toThrow('falla inmediata');
    await expect(throwing.submit(2)).rejects.toThrow('falla inmediata');
  });
});
