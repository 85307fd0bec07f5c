import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ASTVisitor } from 'graphql';

/** Bounds every operation must stay within, over HTTP and WebSocket alike. */
export const LIMITS = {
  /** Nesting of selection sets, fragments expanded. */
  maxDepth: 10,
  /** Aliased fields in one operation: aliases are how one request multiplies work. */
  maxAliases: 20,
  /** Fields selected in all, fragments expanded: a crude but bounded cost. */
  maxFields: 400,
  /** Lexer tokens, checked while parsing, before any other work. */
  maxTokens: 2000,
  /** Request bodies (HTTP) and messages (WebSocket). */
  maxBodyBytes: 64 * 1024,
} as const;

/** What one selection set costs, its fragments expanded. */
interface Cost {
  depth: number;
  aliases: number;
  fields: number;
}

const FREE: Cost = { depth: 0, aliases: 0, fields: 0 };

function overLimit(cost: Cost): boolean {
  return cost.depth > LIMITS.maxDepth || cost.aliases > LIMITS.maxAliases || cost.fields > LIMITS.maxFields;
}

/**
 * One validation rule enforcing depth, aliases and field count per operation.
 * Errors carry BAD_INPUT so clients see one closed code for "too big".
 *
 * Each fragment is measured once per document and its cost reused at every
 * spread: expanding a fragment anew per spread lets a document of a few
 * hundred bytes (`fragment F1 { ...F2 ...F2 }`, and so on) demand 2^n steps.
 * Memoised, the work is linear in the document, which the token limit bounds.
 */
export function operationLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measurer = new CostMeasurer(fragments);
  return {
    StringValue(node) {
      if (node.value.includes('\0')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node], extensions: { code: 'BAD_INPUT' } }));
      if (LONE_SURROGATE.test(node.value)) context.reportError(new GraphQLError(ILL_FORMED_MESSAGE, { nodes: [node], extensions: { code: 'BAD_INPUT' } }));
    },
    OperationDefinition(operation) {
      const cost = measurer.measure(operation.selectionSet);
      const report = (message: string) => context.reportError(new GraphQLError(message, { nodes: [operation], extensions: { code: 'BAD_INPUT' } }));
      if (cost.depth > LIMITS.maxDepth) report(`The operation is nested ${cost.depth} deep; the limit is ${LIMITS.maxDepth}.`);
      if (cost.aliases > LIMITS.maxAliases) report(`The operation uses ${cost.aliases} aliases; the limit is ${LIMITS.maxAliases}.`);
      if (cost.fields > LIMITS.maxFields) report(`The operation selects ${cost.fields} fields; the limit is ${LIMITS.maxFields}.`);
    },
  };
}

/** Measures selection sets of one document, each named fragment once. */
class CostMeasurer {
  private readonly known = new Map<string, Cost>();
  private readonly visiting = new Set<string>();

  constructor(private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>) {}

  /** The set's cost; stops adding as soon as a limit is passed (the verdict is then known). */
  measure(set: SelectionSetNode): Cost {
    const total: Cost = { depth: 0, aliases: 0, fields: 0 };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? this.measure(selection.selectionSet) : FREE;
        total.fields += 1 + below.fields;
        total.aliases += (selection.alias ? 1 : 0) + below.aliases;
        total.depth = Math.max(total.depth, 1 + below.depth);
      } else {
        const inner = selection.kind === Kind.INLINE_FRAGMENT ? this.measure(selection.selectionSet) : this.fragment(selection.name.value);
        total.fields += inner.fields;
        total.aliases += inner.aliases;
        total.depth = Math.max(total.depth, inner.depth);
      }
      if (overLimit(total)) break;
    }
    return total;
  }

  private fragment(name: string): Cost {
    const cached = this.known.get(name);
    if (cached) return cached;
    const fragment = this.fragments.get(name);
    // Unknown fragments and cycles are reported by graphql's own rules; they cost nothing here.
    if (!fragment || this.visiting.has(name)) return FREE;
    this.visiting.add(name);
    const cost = this.measure(fragment.selectionSet);
    this.visiting.delete(name);
    this.known.set(name, cost);
    return cost;
  }
}

/** PostgreSQL text cannot hold NUL; refused at the edge, it never reaches a statement. */
export const NUL_MESSAGE = 'Text may not contain NUL (\\u0000) characters.';

/**
 * A lone surrogate cannot be encoded in UTF-8: stored, it silently becomes
 * U+FFFD, so what is kept (a manifest's text, a note) would differ from what
 * was sent and digested. Refused at the edge like NUL.
 */
export const ILL_FORMED_MESSAGE = 'Text must be well-formed Unicode: an unpaired surrogate (\\uD800 to \\uDFFF) cannot be stored.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string (or key) in a JSON value holds an unpaired surrogate. */
export function containsIllFormed(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (LONE_SURROGATE.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** True when any string in a JSON value contains a NUL character. */
export function containsNul(value: unknown): boolean {
  // A loop over an explicit stack, not recursion: a 64 KiB body can nest
  // 30,000 arrays deep, and recursing that far overflows the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
