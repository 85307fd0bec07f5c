import { validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { operationLimitsRule } from '../graphql/limits.js';

/**
 * The limits rule's errors for `document`, measured alone. graphql's own
 * rules walk every field of a document, some of them pairwise: run first
 * and alone, the cheap limits rule refuses an oversized document before the
 * rest spend hundreds of milliseconds on it.
 */
export function limitErrors(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, [operationLimitsRule]);
}
