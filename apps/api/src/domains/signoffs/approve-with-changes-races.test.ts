import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { ofType } from '../../../test/matchers.js';
import { approveWith, hashOf, storedEdit } from '../../../test/edit-kit.js';
import { minted, MINT, threeOwners } from '../../../test/two-person-kit.js';
import { spawnApi } from '../../../test/spawn-api.js';

const ROUNDS = 12;

type TestApi = Parameters<typeof threeOwners>[0];
type Owners = Awaited<ReturnType<typeof threeOwners>>;

/**
 * Runs `round` ROUNDS times with a second API process on the same database;
 * `urls` is the pair of processes, its order swapped every other round so
 * neither owner always goes through the same one.
 */
async function acrossTwoProcesses(api: TestApi, round: (n: number, owners: Owners, urls: [string, string]) => Promise<void>): Promise<void> {
  const owners = await threeOwners(api);
  const other = await spawnApi(api.db.url);
  try {
    for (let n = 0; n < ROUNDS; n++) await round(n, owners, n % 2 === 0 ? [api.url, other.url] : [other.url, api.url]);
  } finally {
    await other.stop();
  }
}

describe('racing approvals with changes of a two-person request', () => {
  apiTest(
    'takes exactly one of two owners’ edits released together from two API processes; the other is INPUT_MISMATCH and changes nothing',
    async ({ api }) => {
      await acrossTwoProcesses(api, async (round, { owner, second, agent, repo }, [first, other]) => {
        const asked = { scopes: ['read'], ttlHours: round + 1 };
        const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: asked });
        const edits = [
          { who: owner, input: { scopes: ['read'], ttlHours: 100 + round }, url: first },
          { who: second, input: { scopes: ['read'], ttlHours: 200 + round }, url: other },
        ];
        const results = await Promise.all(
          edits.map(({ who, input, url }) => approveWith(api, { cookie: who.cookie }, { id, input, expectedInputHash: hashOf(asked) }, url)),
        );
        const won = results.findIndex((result) => result.__typename === ('SignOffDecided' as unknown));
        expect(won).toBeGreaterThanOrEqual(0);
        const winner = edits[won]!;
        expect(results[won]).toMatchObject({
          signOff: { state: 'PARTIALLY_APPROVED', input: winner.input, changedByOwner: true, approvals: [{ owner: { email: winner.who.email } }] },
        });
        expect(results[1 - won]).toEqual({ __typename: 'InputMismatch', code: 'INPUT_MISMATCH', message: ofType(String) });
        expect(await storedEdit(api, id)).toMatchObject({
          state: 'partially_approved',
          inputHash: hashOf(winner.input),
          requestedInputHash: hashOf(asked),
          approvers: [winner.who.email],
        });
        expect(await minted(api, id)).toBe(0);
      });
    },
  );

  apiTest(
    'ends the same whichever commits first when an edit races another owner’s approval as asked: half-approved with the edit, by its editor alone',
    async ({ api }) => {
      await acrossTwoProcesses(api, async (round, { owner, second, agent, repo }, [first, other]) => {
        const asked = { scopes: ['read'], ttlHours: round + 1 };
        const edited = { scopes: ['read'], ttlHours: 100 + round };
        const id = await api.requestId(agent.key, { op: MINT.op, repository: repo.name, input: asked });
        const [edit, plain] = await Promise.all([
          approveWith(api, { cookie: owner.cookie }, { id, input: edited, expectedInputHash: hashOf(asked) }, first),
          approveWith(api, { cookie: second.cookie }, { id, expectedInputHash: hashOf(asked) }, other),
        ]);
        // The edit always lands: first, or voiding the approval of the input it replaced.
        expect(edit).toMatchObject({ signOff: { state: 'PARTIALLY_APPROVED', input: edited, approvals: [{ owner: { email: owner.email } }] } });
        // The approval as asked either came first (and was voided) or found the input changed: never a second approval of the edit.
        expect(['SignOffDecided', 'InputMismatch']).toContain(plain.__typename);
        expect(await storedEdit(api, id)).toMatchObject({ state: 'partially_approved', inputHash: hashOf(edited), approvers: [owner.email] });
        expect(await minted(api, id)).toBe(0);
      });
    },
  );
});
