import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { Context } from '../../platform/lib/context.js';
import { tracedGraphql } from '../../platform/telemetry/http.js';
import { LIMITS } from '../graphql/limits.js';
import { sessionCookieWriter } from './cookies.js';
import { refuseOverLimits, type DocumentFacts, type DocumentFactsCache } from './document-facts.js';
import type { contextBuilder, Slot } from './graphql-edge.js';
import { bodyErrors, rejectDeepJson, rejectNul, requireJsonBody } from './guards.js';
import { reenterRequestScope } from './request-log.js';

export interface GraphQLRouteDeps {
  apollo: ApolloServer<Context>;
  documents: DocumentFactsCache;
  buildContext: ReturnType<typeof contextBuilder>;
  /** The server's public URL, which decides the session cookie's attributes. */
  publicUrl: string;
}

/**
 * POST /graphql's handlers, in order: the body's type and size bound, the
 * guards on what was parsed (JSON errors, depth, NUL), the limits rule alone
 * on the document, and Apollo with the caller's per-principal slot held
 * until the answer is written.
 */
export function graphqlRoute({ apollo, documents, buildContext, publicUrl }: GraphQLRouteDeps): (express.RequestHandler | express.ErrorRequestHandler)[] {
  return [
    requireJsonBody,
    express.json({ limit: LIMITS.maxBodyBytes }),
    reenterRequestScope,
    bodyErrors,
    rejectDeepJson,
    rejectNul,
    refuseOverLimits(documents),
    holdingSlot(
      expressMiddleware(apollo, {
        // The slot is given back by holdingSlot, once the answer is written (graphql-edge.ts).
        context: ({ req, res }): Promise<Context> =>
          buildContext(
            {
              method: req.method,
              header: (name) => req.get(name),
              body: req.body,
              requestId: String(res.locals.requestId),
              clientAddress: req.ip,
              cookies: sessionCookieWriter(req, res, publicUrl),
              documentFacts: res.locals.documentFacts as DocumentFacts | undefined,
            },
            res.locals.slot as Slot,
          ),
      }),
    ),
  ];
}

/**
 * Runs Apollo's handler and gives the request's slot back once it has
 * finished: Apollo's handler resolves after execution, every plugin's
 * response hook (the idempotent commit) and the write of the answer.
 */
function holdingSlot(handler: express.RequestHandler): express.RequestHandler {
  // Inside the operation's span while tracing is on (platform/telemetry/http.ts); the handler itself otherwise.
  return tracedGraphql(async (req, res, next) => {
    const slot: Slot = { release: undefined };
    res.locals.slot = slot;
    try {
      await handler(req, res, next);
    } finally {
      slot.release?.();
    }
  });
}
