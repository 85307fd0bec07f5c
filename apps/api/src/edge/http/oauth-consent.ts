import express, { type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { isUuid } from '../../platform/lib/validation.js';
import { sendJsonError, sendThrownError } from '../../platform/lib/json-error.js';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { createAgent } from '../../domains/agents/service.js';
import { findAgent, listOwnerAgents } from '../../domains/agents/store.js';
import { AGENT_SCOPE, mcpResource } from '../../domains/oauth/access-tokens.js';
import { requireRouteCaller, routeCaller } from './route-caller.js';

/*
 * The owner's side of an MCP host's sign-in (docs/oauth.md, rule OA1): the
 * console's page at /oauth/consent/:uid reads what is asked here, and the
 * owner's answer comes back here. Both are authenticated by the owner's
 * console session (SameSite=Strict: these are same-origin requests from the
 * console page) and by the interaction's own cookie, which oidc-provider
 * set for this path alone; the uid in the path must be the cookie's.
 */

/** How many of the owner's agents the page offers (the newest first); more is a console to tidy, not a list to scroll. */
const AGENTS_OFFERED = 100;

/** The scopes a host may ask for (the provider's `scopes`): an ID token, a refresh token, acting as the agent. */
const OPENID_SCOPES = new Set(['openid', 'offline_access', AGENT_SCOPE]);

const EXPIRED = 'This sign-in has expired, or was opened in another browser: start again from the application.';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The interaction this browser is in, when it is the one the path names. */
async function interactionOf(provider: Provider, req: Request, res: Response): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(req, res);
    return interaction.uid === req.params.uid ? interaction : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'SessionNotFound') return undefined;
    throw error;
  }
}

/** What the page shows: the client as it describes itself (untrusted, and marked so), and what it may do. */
async function details(provider: Provider, db: Database, owner: OwnerPrincipal, interaction: Interaction, publicUrl: string) {
  const clientId = String(interaction.params.client_id);
  const client = await provider.Client.find(clientId);
  const agents = (await listOwnerAgents(db.pool, owner.tenantId, owner.ownerId, AGENTS_OFFERED, undefined)).filter((agent) => agent.revokedAt === null);
  return {
    uid: interaction.uid,
    client: {
      id: clientId,
      // Every string here is the client's own claim about itself: the console shows it as such.
      name: typeof client?.clientName === 'string' ? client.clientName : null,
      uri: typeof client?.clientUri === 'string' ? client.clientUri : null,
      logoUri: typeof client?.logoUri === 'string' ? client.logoUri : null,
      redirectUri: String(interaction.params.redirect_uri),
    },
    resource: mcpResource(publicUrl),
    scope: AGENT_SCOPE,
    agents: agents.map((agent) => ({ id: agent.id, name: agent.name, keyPrefix: agent.keyPrefix, createdAt: agent.createdAt.toISOString() })),
  };
}

/** The agent the owner picked (one of theirs, live) or created; a string naming what is wrong otherwise. */
async function chosenAgent(db: Database, log: Logger, owner: OwnerPrincipal, body: unknown): Promise<{ id: string } | string> {
  const { agent, newAgentName } = (body ?? {}) as { agent?: unknown; newAgentName?: unknown };
  if ((agent === undefined) === (newAgentName === undefined)) return 'Send exactly one of "agent" (an id) and "newAgentName".';
  if (typeof newAgentName === 'string') {
    // The new agent's key is not shown: the host acts through OAuth; the owner may rotate a key later in Agents.
    const created = await createAgent(serviceDeps(db, log), owner, newAgentName);
    return created.kind === 'created' ? { id: created.agent.id } : 'You already have a live agent of that name.';
  }
  if (typeof agent !== 'string' || !isUuid(agent)) return '"agent" must be the id of one of your agents.';
  const found = await findAgent(db.pool, owner.tenantId, agent);
  if (!found || found.ownerId !== owner.ownerId || found.revokedAt !== null) return 'No live agent of yours has that id.';
  return { id: found.id };
}

export interface ConsentDeps {
  db: Database;
  log: Logger;
  publicUrl: string;
  provider: () => Promise<Provider>;
}

/** GET details, POST confirm and POST deny under /oauth/consent/:uid. */
export function consentRoutes({ db, log, publicUrl, provider }: ConsentDeps): express.Router {
  const router = express.Router({ mergeParams: true });
  const owner = requireRouteCaller({
    db: db.pool,
    serves: 'owner',
    needed: 'admin',
    signIn: 'Sign in to the console to answer this application.',
    wrongKind: 'Only an owner, signed in to the console, answers an application asking to act as an agent.',
  });
  const handle = (work: (provider: Provider, interaction: Interaction, owner: OwnerPrincipal, req: Request, res: Response) => Promise<void>) => {
    return async (req: Request, res: Response): Promise<void> => {
      try {
        const oidc = await provider();
        const interaction = await interactionOf(oidc, req, res);
        if (!interaction) return sendJsonError(res, 'NOT_FOUND', EXPIRED);
        const caller = routeCaller(res, 'owner');
        // Consent is given in the console, by the owner's own session: an API token, whatever its scope, cannot.
        if (caller.token !== undefined)
          return sendJsonError(res, 'FORBIDDEN', 'Answer an application in the console, signed in: an owner token cannot consent.');
        await work(oidc, interaction, caller, req, res);
      } catch (error) {
        log.error({ err: error }, 'oauth consent failed');
        sendThrownError(res, error);
      }
    };
  };
  const json = express.json({ limit: 4096 });

  router.get(
    '/details',
    owner,
    handle(async (oidc, interaction, caller, _req, res) => void res.json(await details(oidc, db, caller, interaction, publicUrl))),
  );

  router.post(
    '/confirm',
    owner,
    json,
    handle(async (oidc, interaction, caller, req, res) => {
      const chosen = await chosenAgent(db, log, caller, req.body);
      if (typeof chosen === 'string') return sendJsonError(res, 'BAD_INPUT', chosen);
      const grant = new oidc.Grant({ accountId: chosen.id, clientId: String(interaction.params.client_id) });
      grant.addResourceScope(mcpResource(publicUrl), AGENT_SCOPE);
      const openIdScopes = (typeof interaction.params.scope === 'string' ? interaction.params.scope : '')
        .split(' ')
        .filter((scope) => OPENID_SCOPES.has(scope));
      if (openIdScopes.length > 0) grant.addOIDCScope(openIdScopes.join(' '));
      const grantId = await grant.save();
      const redirectTo = await oidc.interactionResult(
        req,
        res,
        { login: { accountId: chosen.id, remember: false }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      res.json({ redirectTo, agent: chosen.id });
    }),
  );

  router.post(
    '/deny',
    owner,
    json,
    handle(async (oidc, _interaction, _caller, req, res) => {
      const redirectTo = await oidc.interactionResult(
        req,
        res,
        { error: 'access_denied', error_description: 'The owner did not let this application act as an agent.' },
        { mergeWithLastSubmission: false },
      );
      res.json({ redirectTo });
    }),
  );
  return router;
}
