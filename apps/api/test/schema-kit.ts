/**
 * `depth` definitions, each an anyOf of `width` references to the next, the
 * last an integer: an integer goes straight down the first branches, any
 * other value is tried `width ** depth` ways before it is refused.
 */
export function branchingChain(depth: number, width: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = { [`d${depth}`]: { type: 'integer' } };
  for (let i = 0; i < depth; i++) $defs[`d${i}`] = { anyOf: Array.from({ length: width }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
  return { type: 'object', $defs, properties: { x: { $ref: '#/$defs/d0' } } };
}
