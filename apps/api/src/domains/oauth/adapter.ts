import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../../platform/db/sql.js';
import {
  consumeArtefact,
  destroyArtefact,
  findArtefact,
  findArtefactByUid,
  revokeArtefactsOfGrant,
  upsertArtefact,
  type ArtefactPayload,
} from './artefact-store.js';

/**
 * oidc-provider's storage interface on PostgreSQL (artefact-store.ts), one
 * instance per model name. Consuming is the one place that differs from a
 * plain store: it succeeds once, so a code or refresh token raced on two
 * instances issues tokens once (docs/oauth.md, rule OA4).
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Queryable,
    private readonly kind: string,
    /** oidc-provider's `InvalidGrant` (the module is loaded lazily: load-provider.ts). */
    private readonly InvalidGrant: new (description?: string) => Error,
    /** Completes an artefact as it is read: a CIBA request from its sign-off, an agent client's derived metadata (edge/oauth/provider.ts). */
    private readonly onRead?: (kind: string, id: string, payload: ArtefactPayload) => Promise<ArtefactPayload>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await upsertArtefact(this.db, this.kind, id, payload, expiresIn);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const payload = await findArtefact(this.db, this.kind, id);
    if (payload && this.onRead) return (await this.onRead(this.kind, id, payload)) as AdapterPayload;
    return payload as AdapterPayload | undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return (await findArtefactByUid(this.db, this.kind, uid)) as AdapterPayload | undefined;
  }

  /** Device flow is off: no user codes exist. */
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  async consume(id: string): Promise<void> {
    // The provider read the artefact as unused just before; another exchange got here first.
    if (!(await consumeArtefact(this.db, this.kind, id))) throw new this.InvalidGrant(`${this.kind} already used`);
  }

  async destroy(id: string): Promise<void> {
    await destroyArtefact(this.db, this.kind, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await revokeArtefactsOfGrant(this.db, grantId);
  }
}
