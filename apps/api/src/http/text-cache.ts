/**
 * Values computed from a document's text, the most recently used kept.
 * Clients send the same few documents again and again; what is worked out
 * from one (parsing, the limits rule, validation) need not be worked out
 * again. Only texts up to `maxChars` are kept, so the cache holds at most
 * `maxEntries × maxChars` characters of text whatever clients send.
 */
export class TextCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxChars = 8_192,
  ) {}

  /** The value for `text`, computed by `compute` when it is not kept. */
  get(text: string, compute: (text: string) => T): T {
    if (this.entries.has(text)) {
      const known = this.entries.get(text) as T;
      // Refreshed: the Map's order is the eviction order.
      this.entries.delete(text);
      this.entries.set(text, known);
      return known;
    }
    const value = compute(text);
    if (text.length <= this.maxChars) {
      this.entries.set(text, value);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** How many texts are kept (tests check the bound). */
  get size(): number {
    return this.entries.size;
  }
}
