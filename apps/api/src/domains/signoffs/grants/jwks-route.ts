import type { RequestHandler } from 'express';
import { sendKeySetError } from '../../../platform/lib/json-error.js';
import type { ApprovalSigner } from './signer.js';

/**
 * `GET /.well-known/jwks.json`: the public keys approval tokens verify
 * against. Cacheable for a minute; a database failure answers 503, so a
 * verifier retries rather than caching an empty set.
 */
export function jwksHandler(signer: ApprovalSigner): RequestHandler {
  return (_req, res) => {
    signer.jwks().then(
      (jwks) => {
        res.set('cache-control', 'public, max-age=60').type('application/jwk-set+json').send(JSON.stringify(jwks));
      },
      () => sendKeySetError(res, 'UNAVAILABLE', 'The signing keys cannot be read right now; try again.'),
    );
  };
}
