import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ASTVisitor } from 'graphql';

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

/**
 * One validation rule enforcing depth, aliases and field count per operation.
 * Errors carry BAD_INPUT so clients see one closed code for "too big".
 */
export function operationLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return {
    StringValue(node) {
      if (node.value.includes('\0')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node], extensions: { code: 'BAD_INPUT' } }));
    },
    OperationDefinition(operation) {
      const totals = { aliases: 0, fields: 0 };
      const depth = measure(operation.selectionSet, fragments, totals, new Set());
      const report = (message: string) => context.reportError(new GraphQLError(message, { nodes: [operation as ASTNode], extensions: { code: 'BAD_INPUT' } }));
      if (depth > LIMITS.maxDepth) report(`The operation is nested ${depth} deep; the limit is ${LIMITS.maxDepth}.`);
      if (totals.aliases > LIMITS.maxAliases) report(`The operation uses ${totals.aliases} aliases; the limit is ${LIMITS.maxAliases}.`);
      if (totals.fields > LIMITS.maxFields) report(`The operation selects ${totals.fields} fields; the limit is ${LIMITS.maxFields}.`);
    },
  };
}

function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, totals: { aliases: number; fields: number }, visiting: Set<string>): number {
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      totals.fields++;
      if (selection.alias) totals.aliases++;
      const below = selection.selectionSet ? measure(selection.selectionSet, fragments, totals, visiting) : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, measure(selection.selectionSet, fragments, totals, visiting));
    } else {
      const fragment = fragments.get(selection.name.value);
      // A cycle is reported by graphql's own NoFragmentCycles rule; just stop here.
      if (!fragment || visiting.has(fragment.name.value)) continue;
      visiting.add(fragment.name.value);
      deepest = Math.max(deepest, measure(fragment.selectionSet, fragments, totals, visiting));
      visiting.delete(fragment.name.value);
    }
  }
  return deepest;
}

/** PostgreSQL text cannot hold NUL; refused at the edge, it never reaches a statement. */
export const NUL_MESSAGE = 'Text may not contain NUL (\\u0000) characters.';

/** True when any string in a JSON value contains a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item));
  return false;
}
