import { describe, expect, test } from 'vitest';
import { PAGE_SIZE, readAllPages } from '@countersign/manifest/pages';

describe('readAllPages', () => {
  test('follows endCursor until the last page, asking for the largest page each time', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => i);
    const asked: (string | null)[] = [];
    const all = await readAllPages(async (first, after) => {
      expect(first).toBe(PAGE_SIZE);
      asked.push(after);
      const start = after === null ? 0 : Number(after) + 1;
      const nodes = rows.slice(start, start + first);
      return { nodes, pageInfo: { hasNextPage: start + first < rows.length, endCursor: String(nodes.at(-1)) } };
    });
    expect(all).toEqual(rows);
    expect(asked).toEqual([null, '99', '199']);
  });

  test('stops at a page without a next one, even an empty first page', async () => {
    await expect(readAllPages(async () => ({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } }))).resolves.toEqual([]);
  });
});
