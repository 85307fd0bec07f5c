/** Hostile GraphQL documents shared by the limits tests. */

/** `query { ...F0 }` where each fragment spreads the next one twice: 2^levels fields when expanded. */
export function doublingFragments(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on Query { __typename }`;
}
