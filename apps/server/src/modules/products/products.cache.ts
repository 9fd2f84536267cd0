import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ListenConnection } from '../../db/listen-connection';

/** Channel of the statement trigger products_changed_notify (migration 0004). */
export const PRODUCTS_CHANGED_CHANNEL = 'products_changed';
/** NOTIFY payload of the stock-only trigger: an order took stock, nothing else changed. */
export const STOCK_ONLY_PAYLOAD = 'stock';
/**
 * NOTIFY payload of a change no catalogue filter reads (migration 0031: prices, descriptions,
 * quantity rules): answers are stale, counts are not.
 */
export const DETAILS_PAYLOAD = 'details';
/** A process's own marker (catchUp): not a change, only a point in the channel's order. */
const CAUGHT_UP_PREFIX = 'caught-up:';
/** How long catchUp waits for its marker before forgetting everything instead. */
const CATCH_UP_TIMEOUT_MS = 2000;
/**
 * NOTIFY payload of the price-list triggers (migration 0016): `list:<id>`, one list or its explicit
 * prices changed, so only answers priced at that list are stale. A base price change is a product
 * change and forgets everything.
 */
const PRICE_LIST_PREFIX = 'list:';
export const priceListPayload = (listId: string): string => `${PRICE_LIST_PREFIX}${listId}`;

interface Entry {
  value: Promise<unknown>;
  /** Forgotten on a stock-only change too (pages show stock; counts filtered by stock change with it). */
  dependsOnStock: boolean;
  /** The price list the value is priced at (its rule, or a page at it): forgotten when that list changes. */
  priceListId: string | null;
  /** A count: it depends only on the columns catalogue filters read, so a DETAILS_PAYLOAD change keeps it. */
  isCount: boolean;
}

interface RememberOptions {
  dependsOnStock: boolean;
  priceListId?: string | null;
  isCount?: boolean;
}

/**
 * What one process remembers about the catalogue: counts per filter and whole answers per
 * (viewer class, query). Entries are forgotten whenever a product changes in any process: triggers
 * on `products` NOTIFY at commit and every process LISTENs. A stock-only change (every order)
 * forgets only the entries that depend on stock, so counts survive a busy day of orders; a
 * price-list change forgets only the answers priced at that list (decision 025); a change no
 * filter reads (an import's prices) forgets the answers and keeps the counts (decision 084).
 *
 * Safety rules (docs/decisions/008):
 * - Nothing is remembered while the LISTEN connection is down: a missed NOTIFY would otherwise
 *   leave a stale answer forever. Reconnecting forgets everything first.
 * - A load that started before an invalidation is handed to its callers but never stored, so a
 *   read racing a write cannot put the old catalogue back into the cache.
 * - Concurrent misses for one key share one load (a burst of identical requests costs one query).
 */
export class CatalogueCache {
  /** Bumped by every change to what answers show (full and details changes); `stockGeneration` by stock-only changes as well. */
  private generation = 0;
  /** Bumped by the changes counts depend on: full changes only (not stock-only, details or list ones). */
  private countGeneration = 0;
  private stockGeneration = 0;
  /**
   * Bumped by every price-list change, whichever list: a load priced at any list that started
   * before it is not stored (cheaper to track than one counter per list, and never stale).
   */
  private listGeneration = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(payload: string) => void>();
  /** catchUp's markers sent and not heard yet, each with what to call when it is. */
  private readonly markers = new Map<string, () => void>();
  /** Null without a connection string: nothing is ever remembered. */
  private readonly listen: ListenConnection | null;

  constructor(
    private readonly options: { connectionString?: string; log: FastifyBaseLogger; maxEntries?: number; heartbeatMs?: number },
  ) {
    this.listen = options.connectionString
      ? new ListenConnection({
          connectionString: options.connectionString,
          channels: [PRODUCTS_CHANGED_CHANNEL],
          applicationName: 'mayorista-products-listen',
          description: 'catalogue cache (off until it is back)',
          log: options.log,
          heartbeatMs: options.heartbeatMs,
          onNotification: (_channel, payload) => this.invalidate(payload),
          // Changes made while nobody listened: start from nothing. From a loss on, invalidations
          // may be missed: stop remembering (active is false until LISTEN is back).
          onListening: () => this.invalidate(),
          onLost: () => this.invalidate(),
        })
      : null;
  }

  /** True while invalidations are being received, i.e. while answers may be remembered. */
  get active(): boolean {
    return this.listen?.connected ?? false;
  }

  /** The value for `key`, loading it at most once per catalogue version. */
  async remember<T>(key: string, load: () => Promise<T>, options: RememberOptions): Promise<T> {
    if (!this.active) return load();
    const cached = this.entries.get(key);
    if (cached) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.value as Promise<T>;
    }
    const version = this.versionFor(options);
    const entry: Entry = {
      value: load(),
      dependsOnStock: options.dependsOnStock,
      priceListId: options.priceListId ?? null,
      isCount: options.isCount ?? false,
    };
    this.entries.set(key, entry);
    this.evictOverflow();
    try {
      return (await entry.value) as T;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    } finally {
      // Invalidated while loading: the entry was dropped then; make sure it cannot be left behind.
      if (version !== this.versionFor(options) && this.entries.get(key) === entry) this.entries.delete(key);
    }
  }

  /**
   * Forgets what a change makes stale: everything, with STOCK_ONLY_PAYLOAD only what depends on
   * stock, with DETAILS_PAYLOAD everything but the counts, with `priceListPayload(id)` only what
   * is priced at that list. `payload` is the NOTIFY's (tests send markers); catchUp's own marker
   * changes nothing; anything else counts as a full change.
   */
  invalidate(payload = ''): void {
    if (payload.startsWith(CAUGHT_UP_PREFIX)) {
      this.markers.get(payload)?.();
      return;
    }
    if (payload.startsWith(PRICE_LIST_PREFIX)) {
      const listId = payload.slice(PRICE_LIST_PREFIX.length);
      this.listGeneration += 1;
      for (const [key, entry] of this.entries) if (entry.priceListId === listId) this.entries.delete(key);
      for (const listener of this.listeners) listener(payload);
      return;
    }
    this.stockGeneration += 1;
    if (payload === STOCK_ONLY_PAYLOAD) {
      for (const [key, entry] of this.entries) if (entry.dependsOnStock) this.entries.delete(key);
    } else if (payload === DETAILS_PAYLOAD) {
      this.generation += 1;
      for (const [key, entry] of this.entries) if (!entry.isCount) this.entries.delete(key);
    } else {
      this.generation += 1;
      this.countGeneration += 1;
      this.entries.clear();
    }
    for (const listener of this.listeners) listener(payload);
  }

  /** Called after every invalidation (tests wait on it to prove cross-process delivery). */
  onInvalidate(listener: (payload: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once this cache has heard every change committed before the call, whatever each
   * one was (a bulk flow's COMMIT happened on another connection, in the import's case on
   * another thread): a marker NOTIFY of its own comes back after them, since PostgreSQL delivers
   * notifications in commit order. The writer's next read is then never served from before its
   * write, and only what the database said changed is forgotten. Without LISTEN, or when the
   * marker is not back in CATCH_UP_TIMEOUT_MS, everything is forgotten instead.
   */
  async catchUp(): Promise<void> {
    if (!this.listen?.connected) return this.invalidate();
    const marker = `${CAUGHT_UP_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.markers.set(marker, () => resolve(true));
      timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
    });
    try {
      // A connection gone silent may never answer the NOTIFY itself: the timer decides then too.
      const sent = this.listen.notify(PRODUCTS_CHANGED_CHANNEL, marker).then(
        () => heard,
        () => false,
      );
      if (!(await Promise.race([sent, heard]))) this.invalidate();
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }

  private versionFor(options: RememberOptions): string {
    const generation = options.isCount ? `c${this.countGeneration}` : `${this.generation}`;
    const version = options.dependsOnStock ? `${generation}.${this.stockGeneration}` : generation;
    return options.priceListId ? `${version}.${this.listGeneration}` : version;
  }

  async start(): Promise<void> {
    await this.listen?.start();
  }

  async stop(): Promise<void> {
    await this.listen?.stop();
    this.entries.clear();
  }

  private evictOverflow(): void {
    const max = this.options.maxEntries ?? 2000;
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
