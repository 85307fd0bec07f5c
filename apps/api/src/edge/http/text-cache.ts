/**
 * Values computed from a document's text, the most recently used kept.
 * Clients send the same few documents again and again; what is worked out
 * from one (parsing, the limits rule, validation) need not be worked out
 * again. The bound is on text, not entries: a parsed document costs a few
 * hundred bytes per character of its text (its tokens and nodes), so texts
 * over `maxChars` are never kept and the kept ones total at most
 * `maxTotalChars` — by default 64 KiB of text, a few tens of MiB at worst
 * whatever clients send, and room for hundreds of the short documents
 * agents and consoles actually send.
 */
export class TextCache<T> {
  private readonly entries = new Map<string, T>();
  private totalChars = 0;

  constructor(
    private readonly maxTotalChars = 65_536,
    private readonly maxChars = 4_096,
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
      this.totalChars += text.length;
      for (const oldest of this.entries.keys()) {
        if (this.totalChars <= this.maxTotalChars) break;
        this.entries.delete(oldest);
        this.totalChars -= oldest.length;
      }
    }
    return value;
  }

  /** How many texts are kept, and their characters in all (tests check the bound). */
  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.totalChars };
  }
}
