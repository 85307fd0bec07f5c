import { CountersignAgent, type SignOff } from '@countersign/client';
import WebSocket from 'ws';
import { expect } from 'vitest';
import { approveWith, hashOf } from '../edit-kit.js';
import { define } from '../operations-kit.js';
import { waitFor, type SignedInOwner, type TestApi } from '../testkit.js';

/* The scene every framework hook's test plays: an owner, their agent, and an AGENT operation its tool runs under. */

/** The operation the tests' `send_email` tool runs under, as the owner defined it. */
export const EMAIL_OP = 'email.send';

/** How the owner answers the one request the model's tool call made. */
export type OwnerAnswer = { approve: true; input?: Record<string, unknown> } | { approve: false; note: string };

export interface FrameworkScene {
  owner: SignedInOwner;
  /** The agent's key, for a second client (a restarted process). */
  key: string;
  countersign: CountersignAgent;
  /** Every input the tool's own code ran with, in order: what the tests assert never held the model's words when it must not. */
  sent: Record<string, unknown>[];
  close(): Promise<void>;
}

/** A fresh owner with an agent, the `email.send` operation (runner AGENT) defined, and the agent's typed client. */
export async function frameworkScene(api: TestApi): Promise<FrameworkScene> {
  const owner = await api.owner();
  const { key } = await api.agent(owner);
  expect((await define(api, owner, { op: EMAIL_OP })).__typename).toBe('OperationDefined');
  const countersign = new CountersignAgent({ url: api.url, key, webSocketImpl: WebSocket });
  return { owner, key, countersign, sent: [], close: () => countersign.close() };
}

/**
 * Waits (bounded) for the agent's one pending request, as the model's tool
 * call made it, then answers it as the owner would in the console.
 */
export async function ownerAnswers(api: TestApi, scene: FrameworkScene, answer: OwnerAnswer): Promise<SignOff> {
  let pending: SignOff | undefined;
  await waitFor(async () => {
    [pending] = (await scene.countersign.signOffs({ state: 'PENDING' })).nodes;
    return pending !== undefined;
  });
  const asked = pending!;
  if (!answer.approve) {
    expect((await api.decide(scene.owner.cookie, asked.id, false, answer.note)).__typename).toBe('SignOffDecided');
  } else if (answer.input) {
    const decided = await approveWith(api, { cookie: scene.owner.cookie }, { id: asked.id, input: answer.input, expectedInputHash: hashOf(asked.input) });
    expect(decided).toMatchObject({ signOff: { state: 'AWAITING_REDEEM', changedByOwner: true } });
  } else {
    expect((await api.decide(scene.owner.cookie, asked.id, true)).__typename).toBe('SignOffDecided');
  }
  return asked;
}

/** The stored request's state (as the column holds it, lower case) and when it was redeemed: a denied call's grant never is. */
export async function storedGrant(api: TestApi, id: string): Promise<{ state: string; redeemedAt: Date | null }> {
  const { rows } = await api.db.pool.query<{ state: string; redeemedAt: Date | null }>(
    `SELECT state, redeemed_at AS "redeemedAt" FROM sign_offs WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}
