import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { createUntrustedFileReader } from '../src/lib/untrusted-files/file-thread';

/**
 * The untrusted-file thread's own limits, with a fixture entry whose "files" spin, allocate or
 * wait: a job over its time or heap is ended with its Spanish error and the next job runs on a
 * new thread; one file at a time with a short queue; this process never notices.
 */

const fixture = new URL('./untrusted-file-thread-fixture.ts', import.meta.url);
const reader = createUntrustedFileReader<string, { length: number; text: string }>(
  { source: fixture, built: fixture },
  { heapBytes: 48 * 1024 * 1024, timeMs: 1500, queued: 1 },
);
afterAll(() => reader.close());

const read = async (text: string) => (await reader.read([Buffer.from(text)])).result;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the untrusted-file thread', () => {
  it('answers a normal job, and an AppError thrown on the thread arrives as the same code and message', async () => {
    expect(await read('hola')).toEqual({ length: 4, text: 'hola' });
    const error = await refusal(read('refuse'));
    expect([error.code, error.message, error.status]).toEqual(['import_invalid', 'Archivo rechazado a propósito.', 400]);
  });

  it('hands items over in batches, all of them and in order', async () => {
    const answer = await reader.read([Buffer.from('many')]);
    expect(answer.items).toEqual(Array.from({ length: 2500 }, (_, i) => String(i)));
    expect(answer.result).toEqual({ length: 4, text: 'many' });
  });

  it('puts the pieces of a file together in order on the thread; a piece with memory of its own is moved there, not copied', async () => {
    const ownMemory = (text: string) => new Uint8Array(Buffer.from(text));
    const first = ownMemory('uno '.repeat(1500));
    const pooled = Buffer.from('dos ');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength); // a view into Node's shared pool
    const last = ownMemory('tres');
    const answer = await reader.read([first, pooled, last]);
    expect(answer.result).toEqual({ length: 6008, text: `${'uno '.repeat(1500)}dos tres` });
    expect([first.byteLength, last.byteLength]).toEqual([0, 0]); // moved to the thread
    expect(pooled.toString()).toBe('dos '); // copied: the pool's other buffers keep their memory
  });

  it('ends a job that runs past its time budget with 413 and the limit, while this thread keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = performance.now();
    const error = await refusal(read('spin'));
    clearInterval(ticker);
    expect([error.code, error.status, error.message]).toEqual([
      'file_too_slow',
      413,
      'Procesar el archivo llevó más de 1,5 segundos y se canceló sin cambiar nada. Dividilo en partes.',
    ]);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(ticks).toBeGreaterThan(10); // the main thread's timers ran all along
    expect(await read('después')).toEqual({ length: 8, text: 'después' });
  });

  it('ends a job that goes over its heap with 413 and the limit; the process survives and the next job runs', async () => {
    // A time budget far above the allocation's, so only the heap can end it: at the lowest CPU
    // priority on a busy machine, starting the thread and filling 48 MB can take over 1.5 s.
    const roomy = createUntrustedFileReader<string, { length: number; text: string }>(
      { source: fixture, built: fixture },
      { heapBytes: 48 * 1024 * 1024, timeMs: 30_000, queued: 1 },
    );
    const error = await refusal(roomy.read([Buffer.from('grow')]).finally(() => roomy.close()));
    expect([error.code, error.status, error.message]).toEqual([
      'file_too_much_memory',
      413,
      'Procesar el archivo necesitó más de 48 MB de memoria y se canceló sin cambiar nada. Dividilo en partes.',
    ]);
    expect(await read('sigue')).toEqual({ length: 5, text: 'sigue' });
  });

  it('reads one file at a time: one more waits its turn, any beyond are refused with 409', async () => {
    const first = read('wait');
    const second = read('wait');
    const third = await refusal(read('wait'));
    expect([third.code, third.status, third.message]).toEqual([
      'file_reader_busy',
      409,
      'Ya se están leyendo otros archivos. Esperá un momento y probá de nuevo.',
    ]);
    expect(await Promise.all([first, second])).toEqual([
      { length: 4, text: 'wait' },
      { length: 4, text: 'wait' },
    ]);
  });
});
