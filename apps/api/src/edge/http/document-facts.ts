import type { NextFunction, Request, Response } from 'express';
import { Kind, OperationTypeNode, parse, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type SourceLocation } from 'graphql';
import { LIMITS } from '../graphql/limits.js';
import { limitErrors } from './limits-first.js';
import { TextCache } from './text-cache.js';

/** What the HTTP layer needs to know of a document before Apollo sees it. */
export interface DocumentFacts {
  /**
   * The limits rule's errors (empty when the document is within every
   * limit), as plain messages and locations: a GraphQLError keeps the
   * document's whole syntax tree, which a cache must not.
   */
  limitErrors: readonly { message: string; locations: readonly SourceLocation[] | undefined }[];
  /**
   * The names of the operations that are a single `drawAuthority` and
   * nothing else (`null` for an anonymous one): such a request may leave
   * the key's check to the draw's own database call (server.ts).
   */
  drawOnly: ReadonlySet<string | null>;
  /** How many operations the document holds. */
  operations: number;
  /**
   * The document itself when it is one draw-only operation that graphql's
   * rules accept and that selects no receipts page (whose arguments Apollo's
   * plugin checks before anything runs): what the draw's fast path
   * (draw-fast-path.ts) executes. Kept only for short documents, so the
   * cache's bound on text still bounds the trees it holds.
   */
  fastDraw?: DocumentNode;
}

/** The longest document whose tree is kept for the fast path: a draw's is a few hundred characters. */
const FAST_DRAW_MAX_CHARS = 2_000;

/** The root field a draw-only operation consists of. */
const DRAW_FIELD = 'drawAuthority';

/**
 * Facts of documents by their text (a `TextCache`): parsing and measuring
 * each document once per request was a tenth of the draw path's CPU
 * (issue 15, item 3).
 */
export class DocumentFactsCache {
  private readonly cache: TextCache<DocumentFacts | null>;

  constructor(
    private readonly schema: GraphQLSchema,
    maxTotalChars?: number,
    maxChars?: number,
  ) {
    this.cache = new TextCache(maxTotalChars, maxChars);
  }

  /** The document's facts, or undefined when it does not parse (Apollo refuses it with its own error). */
  factsOf(text: string): DocumentFacts | undefined {
    return this.cache.get(text, (source) => this.measure(source)) ?? undefined;
  }

  /** How many documents are kept (tests check the bound). */
  get size(): { entries: number; chars: number } {
    return this.cache.size;
  }

  private measure(text: string): DocumentFacts | null {
    let document: DocumentNode;
    try {
      document = parse(text, { maxTokens: LIMITS.maxTokens });
    } catch {
      return null;
    }
    const drawOnly = new Set<string | null>();
    let operations = 0;
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      operations++;
      if (isDrawOnly(definition)) drawOnly.add(definition.name?.value ?? null);
    }
    const errors = limitErrors(this.schema, document).map((error) => ({ message: error.message, locations: error.locations }));
    const fastDraw =
      errors.length === 0 && operations === 1 && drawOnly.size === 1 && text.length <= FAST_DRAW_MAX_CHARS && !text.includes('receipts')
        ? validate(this.schema, document).length === 0
          ? document
          : undefined
        : undefined;
    return { limitErrors: errors, drawOnly, operations, ...(fastDraw ? { fastDraw } : {}) };
  }
}

/** A mutation whose whole selection is one `drawAuthority` field, with no directive that could change how it runs. */
function isDrawOnly(operation: OperationDefinitionNode): boolean {
  if (operation.operation !== OperationTypeNode.MUTATION || (operation.directives?.length ?? 0) > 0) return false;
  const [only, ...rest] = operation.selectionSet.selections;
  return rest.length === 0 && only?.kind === Kind.FIELD && only.name.value === DRAW_FIELD && (only.directives?.length ?? 0) === 0;
}

/**
 * Whether the request runs a draw-only operation: the one it names, or the
 * document's only operation when it names none (as GraphQL chooses).
 */
export function runsDrawOnly(facts: DocumentFacts | undefined, operationName: unknown): boolean {
  if (!facts) return false;
  if (typeof operationName === 'string') return facts.drawOnly.has(operationName);
  return operationName == null && facts.operations === 1 && facts.drawOnly.size === 1;
}

/** The 400 body a document over the limits is answered, however the request arrived. */
export function limitRefusal(facts: DocumentFacts) {
  return { errors: facts.limitErrors.map((error) => ({ message: error.message, locations: error.locations, extensions: { code: 'BAD_INPUT' } })) };
}

/**
 * The same check in front of Apollo (POST bodies and GET parameters), and the
 * only one: Apollo runs graphql's own rules. Anything unparseable is left to
 * Apollo to refuse, with the same token limit. The document's facts stay on
 * `res.locals.documentFacts` for the request's context (server.ts).
 */
export function refuseOverLimits(documents: DocumentFactsCache) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const query = req.method === 'GET' ? req.query.query : (req.body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string') return next();
    const facts = documents.factsOf(query);
    res.locals.documentFacts = facts;
    if (!facts || facts.limitErrors.length === 0) return next();
    res.status(400).json(limitRefusal(facts));
  };
}
