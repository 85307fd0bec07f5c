import { graphQLError } from '../../../platform/lib/errors.js';

/** The largest input an agent may ask with (its canonical JSON, in bytes): as large as the largest schema. */
export const MAX_INPUT_BYTES = 32 * 1024;

/** The most items any one array of an input may hold: `uniqueItems` compares every pair, so cost grows with the square. */
export const MAX_INPUT_ARRAY_ITEMS = 1_000;

/** The first array longer than MAX_INPUT_ARRAY_ITEMS, as a JSON pointer, or null. */
function longArray(value: unknown, at: string): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    if (value.length > MAX_INPUT_ARRAY_ITEMS) return at || '/';
    for (let i = 0; i < value.length; i++) {
      const found = longArray(value[i], `${at}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = longArray(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Bounds what an input may cost to judge before it is judged
 * (docs/operations.md, O4): BAD_INPUT when its canonical form is over
 * MAX_INPUT_BYTES or an array in it holds more than MAX_INPUT_ARRAY_ITEMS.
 */
export function checkInputBounds(canonical: string, input: unknown): void {
  if (Buffer.byteLength(canonical) > MAX_INPUT_BYTES) throw graphQLError('BAD_INPUT', `An input is at most ${MAX_INPUT_BYTES / 1024} KiB (as canonical JSON).`);
  const at = longArray(input, '');
  if (at !== null)
    throw graphQLError('BAD_INPUT', `An array in an input holds at most ${MAX_INPUT_ARRAY_ITEMS.toLocaleString('en')} items (${at} holds more).`);
}
