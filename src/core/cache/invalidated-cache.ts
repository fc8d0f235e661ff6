// What a process remembers of database rows, kept right by the invalidation bus: a message naming an
// entry drops it, a resync drops everything, and a load that raced either is answered but not kept
// (it may have read the row before the change). Least recently used entries go beyond `maxEntries`.
import type { InvalidationBus, InvalidationMessage } from './invalidation-bus';

export class InvalidatedCache<K, V> {
  /** Map order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<K, V>();
  /** Counts drops, so a load that raced one does not store what it read before it. */
  private changes = 0;

  /** `keyOf` names the entry a message drops (undefined: the message is not about this cache). */
  constructor(
    bus: InvalidationBus,
    keyOf: (message: InvalidationMessage) => K | undefined,
    private readonly maxEntries: number,
  ) {
    bus.subscribe(
      (message) => {
        const key = keyOf(message);
        if (key === undefined) return;
        this.changes += 1;
        this.entries.delete(key);
      },
      () => {
        this.changes += 1;
        this.entries.clear();
      },
    );
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Runs `load` and keeps `entryOf` what it answered (nothing when that is null), unless a drop came meanwhile. */
  async remember<T>(key: K, load: () => Promise<T>, entryOf: (loaded: T) => V | null): Promise<T> {
    const changesBefore = this.changes;
    const loaded = await load();
    const entry = entryOf(loaded);
    if (entry !== null && this.changes === changesBefore) {
      this.entries.set(key, entry);
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= this.maxEntries) break;
        this.entries.delete(oldest);
      }
    }
    return loaded;
  }
}
