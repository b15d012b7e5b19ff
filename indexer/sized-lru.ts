/**
 * @fileoverview The most recently used entries up to a total size (each
 * entry's size is the caller's measure, e.g. characters): a warm process
 * keeps what the next review will ask for again, within a bound.
 */
export class SizedLru<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly size: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  /** The value of `key`, now the most recently used; undefined when not kept. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`, letting the least recently used go past the budget (never the one just set). */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    this.entries.set(key, { value, size });
    this.total += size;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.budget || oldest === key) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.size;
    this.entries.delete(key);
  }
}
