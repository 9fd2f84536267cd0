/** One request's outcome in a batch: its value, or the error that request alone answers. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface BatchLanesOptions<Req, Res> {
  /** How many batches may run at once. */
  lanes: number;
  /** The most requests one batch takes. */
  maxBatch: number;
  /** Runs one batch: an outcome per request, in the batch's order. A throw fails every request of the batch. */
  run: (batch: Req[]) => Promise<Settled<Res>[]>;
}

/**
 * Group commit in the application (decision 026): at most `lanes` batches run at once; a request
 * that arrives while every lane is busy waits, and the next lane to finish takes everything
 * waiting (up to `maxBatch`) as its next batch. Under light load each batch is one request, started
 * at once; when many arrive together (everyone ordering the same popular product) they share one
 * transaction instead of queueing on that product's row one commit after another.
 */
export function createBatchLanes<Req, Res>(options: BatchLanesOptions<Req, Res>): { submit(request: Req): Promise<Res> } {
  const waiting: { request: Req; resolve: (value: Res) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;

  function startBatches(): void {
    while (running < options.lanes && waiting.length > 0) {
      const batch = waiting.splice(0, options.maxBatch);
      running += 1;
      // Through a promise even if `run` throws synchronously: the lane is always given back.
      void Promise.resolve()
        .then(() => options.run(batch.map((entry) => entry.request)))
        .then(
          (outcomes) =>
            batch.forEach((entry, i) => {
              const outcome = outcomes[i];
              if (!outcome) entry.reject(new Error('batch-lanes: no outcome for a request'));
              else if (outcome.ok) entry.resolve(outcome.value);
              else entry.reject(outcome.error);
            }),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          running -= 1;
          startBatches();
        });
    }
  }

  return {
    submit(request) {
      return new Promise<Res>((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        startBatches();
      });
    },
  };
}
