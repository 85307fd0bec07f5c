import { buildSchema, Kind, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionNode } from 'graphql';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../schema/src');

/** The real SDL, so every document the client sends is validated against the contract it targets. */
export function loadSchema(): GraphQLSchema {
  const files = readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .sort();
  return buildSchema(files.map((file) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8')).join('\n'));
}

/**
 * A failure the fake answers one request of a field with, instead of (or
 * after) running it:
 * - `drop`: the connection is cut without an answer;
 * - `status`: an HTTP error without a GraphQL body, as a proxy sends;
 * - `in-flight`: 409 IDEMPOTENCY_KEY_IN_USE with `Retry-After`, as while a twin runs.
 * `after: true` runs the operation (and records its key) first, so the
 * write lands and only its answer is lost.
 */
export type Fault =
  | { kind: 'drop'; after?: boolean }
  | { kind: 'status'; status: number; retryAfterSeconds?: number; after?: boolean }
  | { kind: 'in-flight'; retryAfterSeconds: number };

/** One HTTP request as the fake received it. */
export interface ReceivedRequest {
  /** The operation's first root field, e.g. `drawAuthority`. */
  field: string;
  /**
   * Every field the operation selects under that root field, through its
   * fragments, as dotted paths from it (`receipt.dispatchKey`, `authority.id`).
   */
  selects: Set<string>;
  idempotencyKey: string | undefined;
  /** The operation's variables, as sent. */
  variables: Record<string, unknown> | undefined;
  at: number;
}

/** The first root field an operation selects. */
export function rootField(document: DocumentNode): string {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const selection = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
  return selection?.kind === Kind.FIELD ? selection.name.value : '';
}

/**
 * The fields selected under the operation's first root field, as dotted
 * paths, with fragment spreads and inline fragments followed: what the
 * client asked the API to read, whatever fragments it is written with.
 */
export function selectedPaths(document: DocumentNode): Set<string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const root = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
  const paths = new Set<string>();
  const walk = (selections: readonly SelectionNode[], prefix: string): void => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        const path = prefix + selection.name.value;
        paths.add(path);
        if (selection.selectionSet) walk(selection.selectionSet.selections, `${path}.`);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet.selections, prefix);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet.selections, prefix);
      }
    }
  };
  if (root?.kind === Kind.FIELD && root.selectionSet) walk(root.selectionSet.selections, '');
  return paths;
}
