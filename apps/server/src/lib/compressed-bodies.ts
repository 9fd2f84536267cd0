import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** br, then gzip, then none — from an Accept-Encoding header (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): BodyEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([coding]) => coding!.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Compressed copies of a few large answers, keyed by their ETag (decision 043: the offline
 * snapshot, 2 MB of JSON for 5,000 products). The API answers uncompressed on its hot paths
 * (decision 006); a body this size, identical for every customer on the same list until the
 * catalogue changes, is compressed once per ETag instead. Brotli at quality 5 and gzip at 6:
 * close to the best ratio for JSON at a fraction of the CPU of the top levels.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, Promise<Buffer>>();
  constructor(private readonly maxEntries = 32) {}

  get(etag: string, encoding: 'br' | 'gzip', body: string): Promise<Buffer> {
    const key = `${encoding}:${etag}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry =
        encoding === 'br'
          ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
          : gzipAsync(body, { level: 6 });
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }
}
