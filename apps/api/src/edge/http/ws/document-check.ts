import type { DocumentNode, GraphQLSchema } from 'graphql';
import { GraphQLError, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate } from 'graphql';
import { graphQLError } from '../../../platform/lib/errors.js';
import { LIMITS } from '../../graphql/limits.js';
import { limitErrors } from '../limits-first.js';
import { TextCache } from '../text-cache.js';

/** A subscribe message's document, parsed and valid, or what the client is told instead. */
export type CheckedDocument = { document: DocumentNode } | { errors: readonly GraphQLError[] };

/**
 * The socket's document check, under the rules HTTP has: the token limit,
 * then the limits rule alone (limits-first.ts), then graphql's own rules
 * (introspection off in production, as Apollo does over HTTP). Each text is
 * parsed and validated once: after a restart every console resubscribes at
 * once, with the same few documents.
 */
export function documentChecker(schema: GraphQLSchema, production: boolean): (text: string) => CheckedDocument {
  const rules = [...specifiedRules, ...(production ? [NoSchemaIntrospectionCustomRule] : [])];
  const checked = new TextCache<CheckedDocument>();
  const check = (text: string): CheckedDocument => {
    let document;
    try {
      document = parse(text, { maxTokens: LIMITS.maxTokens });
    } catch (error) {
      return { errors: [error instanceof GraphQLError ? error : graphQLError('BAD_INPUT', 'The operation could not be parsed.')] };
    }
    const overLimits = limitErrors(schema, document);
    if (overLimits.length > 0) return { errors: overLimits.map(detached) };
    const errors = validate(schema, document, rules);
    return errors.length > 0 ? { errors: errors.map(detached) } : { document };
  };
  return (text) => checked.get(text, check);
}

/**
 * The error without the syntax nodes it points at (which hold the whole
 * parsed document): what the client is sent (message, locations, code) is
 * kept, so a cached refusal costs its text, not its document.
 */
function detached(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: error.extensions });
}
