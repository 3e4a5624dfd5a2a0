/**
 * A bounded least-recently-used cache with a time to live (docs/product.md §9: location results are cached
 * for 5 minutes). A Map keeps insertion order, so the first key is the least recently used.
 */
export class LruCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();
  private readonly maximumEntries: number;
  private readonly timeToLiveMilliseconds: number;
  private readonly now: () => number;

  constructor(options: { maximumEntries: number; timeToLiveMilliseconds: number; now?: () => number }) {
    this.maximumEntries = options.maximumEntries;
    this.timeToLiveMilliseconds = options.timeToLiveMilliseconds;
    this.now = options.now ?? (() => performance.now());
  }

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.timeToLiveMilliseconds });
    while (this.entries.size > this.maximumEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
