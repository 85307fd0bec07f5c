import { useEffect, type RefObject } from 'react';

/**
 * Under 600 px the stylesheet lays every table out as a stack of cards, one
 * per row, each cell preceded by its column's name. That name comes from a
 * `data-label` copied here from the table's header row, so every page's
 * tables fold without each page spelling its labels twice. The explicit ARIA
 * roles keep the table a table for screen readers: some browsers (Safari)
 * drop table semantics once CSS changes a table's `display`.
 */
export function labelTables(root: ParentNode): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const labels = columnLabels(table);
    setAttribute(table, 'role', 'table');
    for (const section of [table.tHead, ...Array.from(table.tBodies), table.tFoot]) {
      if (section) setAttribute(section, 'role', 'rowgroup');
    }
    for (const row of Array.from(table.rows)) {
      setAttribute(row, 'role', 'row');
      const inHead = row.parentElement === table.tHead;
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        setAttribute(cell, 'role', cellRole(cell, inHead));
        if (!inHead) setAttribute(cell, 'data-label', labels[column] ?? '');
        column += Math.max(1, cell.colSpan);
      }
    }
  }
}

/** Each column's header text, a header spanning columns naming each of them. */
function columnLabels(table: HTMLTableElement): string[] {
  const header = table.tHead?.rows[0];
  if (!header) return [];
  return Array.from(header.cells).flatMap((cell) => Array<string>(Math.max(1, cell.colSpan)).fill(cell.textContent?.trim() ?? ''));
}

function cellRole(cell: HTMLTableCellElement, inHead: boolean): string {
  if (cell.tagName !== 'TH') return 'cell';
  if (inHead || cell.scope === 'col') return 'columnheader';
  return 'rowheader';
}

/** Writes only what changed: the observer below must not be woken by its own writes (it watches the tree, not attributes, anyway). */
function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Keeps the tables under `ref` labelled as pages render and re-render them. */
export function useTableLabels(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    labelTables(root);
    const observer = new MutationObserver(() => labelTables(root));
    // Header text can change with the data (a column that appears with a currency): character data too.
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [ref]);
}
