import fc from 'fast-check';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, test } from 'vitest';
import { LIMITS, operationLimitsRule } from './limits.js';

/**
 * Documents are generated as a small model, rendered to GraphQL text and
 * measured twice: by the rule, from the parsed document, and here, from the
 * model. The rule reads only the document, so a schema whose every field
 * returns Query lets any shape validate.
 */
const schema = buildSchema('type Query { f: Query g: Query h: Query }');

type Selection =
  | { kind: 'field'; name: string; alias: string | null; children: Selection[] }
  | { kind: 'inline'; children: Selection[] }
  /** `pick` chooses a fragment defined after the one spreading it, so fragments form no cycle. */
  | { kind: 'spread'; pick: number };

interface Doc {
  operation: Selection[];
  fragments: Selection[][];
}

const { set: selectionSet } = fc.letrec<{ set: Selection[]; selection: Selection }>((tie) => ({
  set: fc.array(tie('selection'), { minLength: 1, maxLength: 4 }),
  selection: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    fc.record({
      kind: fc.constant('field' as const),
      name: fc.constantFrom('f', 'g', 'h'),
      alias: fc.option(fc.constantFrom('a', 'b', 'c')),
      children: fc.constant<Selection[]>([]),
    }),
    fc.record({
      kind: fc.constant('field' as const),
      name: fc.constantFrom('f', 'g', 'h'),
      alias: fc.option(fc.constantFrom('a', 'b', 'c')),
      children: tie('set'),
    }),
    fc.record({ kind: fc.constant('inline' as const), children: tie('set') }),
    fc.record({ kind: fc.constant('spread' as const), pick: fc.nat() }),
  ),
}));

/** A plain field chain `depth` deep around a set: the generator alone seldom nests past the depth limit. */
function chain(depth: number, inner: Selection[]): Selection[] {
  let set = inner;
  for (let level = 0; level < depth; level++) set = [{ kind: 'field', name: 'f', alias: null, children: set }];
  return set;
}

const document: fc.Arbitrary<Doc> = fc.record({
  operation: fc.tuple(fc.nat({ max: 12 }), selectionSet).map(([depth, set]) => chain(depth, set)),
  fragments: fc.array(selectionSet, { maxLength: 6 }),
});

/** The fragment a spread in `from` (an index; -1 for the operation) refers to, or null when none follows it. */
function target(doc: Doc, from: number, pick: number): number | null {
  const after = doc.fragments.length - from - 1;
  return after > 0 ? from + 1 + (pick % after) : null;
}

function render(doc: Doc): string {
  const set = (selections: Selection[], from: number): string =>
    `{ ${selections
      .map((selection) => {
        if (selection.kind === 'spread') {
          const to = target(doc, from, selection.pick);
          return to === null ? '__typename' : `...F${to}`;
        }
        if (selection.kind === 'inline') return `... ${set(selection.children, from)}`;
        const name = selection.alias ? `${selection.alias}: ${selection.name}` : selection.name;
        return selection.children.length > 0 ? `${name} ${set(selection.children, from)}` : name;
      })
      .join(' ')} }`;
  return [`query ${set(doc.operation, -1)}`, ...doc.fragments.map((body, index) => `fragment F${index} on Query ${set(body, index)}`)].join('\n');
}

interface Cost {
  depth: number;
  aliases: number;
  fields: number;
}

/** The cost with every spread expanded where it stands (counted once per fragment, then reused). */
function cost(doc: Doc): Cost {
  const known = new Map<number, Cost>();
  const ofSet = (selections: Selection[], from: number): Cost =>
    selections.reduce<Cost>(
      (total, selection) => {
        let part: Cost;
        if (selection.kind === 'spread') {
          const to = target(doc, from, selection.pick);
          // Rendered as a `__typename` field when no fragment follows.
          part = to === null ? { depth: 1, aliases: 0, fields: 1 } : ofFragment(to);
        } else if (selection.kind === 'inline') {
          part = ofSet(selection.children, from);
        } else {
          const below = ofSet(selection.children, from);
          part = { depth: 1 + below.depth, aliases: below.aliases + (selection.alias ? 1 : 0), fields: 1 + below.fields };
        }
        return { depth: Math.max(total.depth, part.depth), aliases: total.aliases + part.aliases, fields: total.fields + part.fields };
      },
      { depth: 0, aliases: 0, fields: 0 },
    );
  const ofFragment = (index: number): Cost => {
    if (!known.has(index)) known.set(index, ofSet(doc.fragments[index]!, index));
    return known.get(index)!;
  };
  return ofSet(doc.operation, -1);
}

const VERDICTS = [
  { pattern: /^The operation is nested (\d+) deep; the limit is (\d+)\.$/, measure: 'depth', limit: LIMITS.maxDepth },
  { pattern: /^The operation uses (\d+) aliases; the limit is (\d+)\.$/, measure: 'aliases', limit: LIMITS.maxAliases },
  { pattern: /^The operation selects (\d+) fields; the limit is (\d+)\.$/, measure: 'fields', limit: LIMITS.maxFields },
] as const;

function check(source: string) {
  return validate(schema, parse(source, { maxTokens: LIMITS.maxTokens }), [operationLimitsRule]);
}

describe('operationLimitsRule, for generated documents', () => {
  test('accepts a document exactly when an independent count finds it within every limit', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const expected = cost(doc);
        const within = expected.depth <= LIMITS.maxDepth && expected.aliases <= LIMITS.maxAliases && expected.fields <= LIMITS.maxFields;
        const errors = check(render(doc));
        expect(errors.length === 0).toBe(within);
        for (const error of errors) {
          expect(error.extensions.code).toBe('BAD_INPUT');
          const verdict = VERDICTS.find(({ pattern }) => pattern.test(error.message));
          expect(verdict, error.message).toBeDefined();
          const [, reported, limit] = verdict!.pattern.exec(error.message)!.map(Number);
          // Measuring may stop once a limit is passed: what is reported lies past the limit and within the truth.
          expect(limit).toBe(verdict!.limit);
          expect(reported).toBeGreaterThan(verdict!.limit);
          expect(reported).toBeLessThanOrEqual(expected[verdict!.measure]);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('measures documents whose fragments spread one another many times over in bounded time', () => {
    // Each fragment spreads the next `fanOut` times: expanded, the work would be fanOut^levels.
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 150 }), fc.integer({ min: 2, max: 4 }), (levels, fanOut) => {
        const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${i === levels - 1 ? 'f' : `...F${i + 1} `.repeat(fanOut)} }`);
        const source = `query { ...F0 }\n${fragments.join('\n')}`;
        fc.pre(source.split(/\s+/).length < LIMITS.maxTokens / 2);
        const started = performance.now();
        const errors = check(source);
        expect(performance.now() - started).toBeLessThan(250);
        const fields = fanOut ** (levels - 1);
        expect(errors.map((error) => error.message)).toEqual(fields > LIMITS.maxFields ? [expect.stringMatching(VERDICTS[2].pattern)] : []);
      }),
      { numRuns: 60 },
    );
  });
});
