import type { NextFunction, Request, Response } from 'express';
import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';
import { LIMITS, operationLimitsRule } from '../graphql/limits.js';

/**
 * The limits rule's errors for `document`, measured alone. graphql's own
 * rules walk every field of a document, some of them pairwise: run first
 * and alone, the cheap limits rule refuses an oversized document before the
 * rest spend hundreds of milliseconds on it.
 */
export function limitErrors(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, [operationLimitsRule]);
}

/**
 * The same check in front of Apollo (POST bodies and GET parameters), and the
 * only one: Apollo runs graphql's own rules. Anything unparseable is left to
 * Apollo to refuse, with the same token limit.
 */
export function refuseOverLimits(schema: GraphQLSchema) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const query = req.method === 'GET' ? req.query.query : (req.body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string') return next();
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: LIMITS.maxTokens });
    } catch {
      return next();
    }
    const errors = limitErrors(schema, document);
    if (errors.length === 0) return next();
    res.status(400).json({ errors: errors.map((error) => ({ message: error.message, locations: error.locations, extensions: { code: 'BAD_INPUT' } })) });
  };
}
