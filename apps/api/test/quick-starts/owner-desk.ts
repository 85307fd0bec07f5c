import { expect } from 'vitest';
import { define } from '../operations-kit.js';
import { text, type SignedInOwner, type TestApi } from '../testkit.js';

/*
 * The owner's side of every quick start: the workspace a newcomer would have
 * (an agent, the repository `docs`, the AGENT operation `email.send` of the
 * README), and an owner who approves each request as it arrives, as they
 * would in the console.
 */

export interface Workspace {
  owner: SignedInOwner;
  agent: { id: string; key: string };
}

export async function workspace(api: TestApi): Promise<Workspace> {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  await api.repository(owner, 'docs');
  expect((await define(api, owner, { op: 'email.send' })).__typename).toBe('OperationDefined');
  return { owner, agent };
}

const POLL_MS = 50;

/** Approves the next `count` requests as they come in (bounded by `timeoutMs`); answers their operations in order. */
export async function approveEach(api: TestApi, owner: SignedInOwner, count: number, timeoutMs = 120_000): Promise<string[]> {
  const approved: string[] = [];
  const deadline = Date.now() + timeoutMs;
  while (approved.length < count) {
    if (Date.now() > deadline) throw new Error(`the owner saw ${approved.length} of ${count} requests in ${timeoutMs / 1000} s`);
    const pending = await api.graphql('{ signOffs(state: PENDING) { nodes { id op } } }', {}, { cookie: owner.cookie });
    const nodes = (pending.data?.signOffs?.nodes ?? []) as { id: string; op: string }[];
    for (const { id, op } of nodes) {
      const decided = await api.decide(owner.cookie, id, true);
      expect(text(decided.__typename), JSON.stringify(decided)).toBe('SignOffDecided');
      approved.push(op);
    }
    if (nodes.length === 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return approved;
}
