import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../fixtures.js';
import { define, redeem } from '../operations-kit.js';
import { finished, waitForOutput } from '../processes.js';
import { text, type SignedInOwner, type TestApi, type Wire } from '../testkit.js';

// The README's Python quick start, run verbatim: the test reads the block from
// README.md (so the docs cannot drift), checks examples/python holds the same
// file, and runs it with python3 from a folder outside the workspace.

const root = path.resolve(import.meta.dirname, '../../../..');

/** The one ```python block of the README. */
function readmePython(): string {
  const blocks = [...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

/** An owner with what the example asks for: a repository named `docs` and the README's AGENT operation `email.send`. */
async function ownerForTheExample(api: TestApi): Promise<{ owner: SignedInOwner; key: string }> {
  const owner = await api.owner();
  const { key } = await api.agent(owner);
  await api.repository(owner, 'docs');
  expect((await define(api, owner, { op: 'email.send' })).__typename).toBe('OperationDefined');
  return { owner, key };
}

/** Starts the README's block with only the substitutions it declares, and watches for each request it makes. */
function runExample(url: string, key: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-python-'));
  writeFileSync(path.join(folder, 'countersign_mcp.py'), readmePython());
  const child = spawn('python3', ['countersign_mcp.py'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', COUNTERSIGN_URL: url, KEY: key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Both watchers start now, so a line printed while the test is deciding is not missed.
  const mint = waitForOutput(child, /^asked repository\.mintToken: (\S+) PENDING$/m);
  const email = waitForOutput(child, /^asked email\.send: (\S+) PENDING$/m);
  return { mint, email, done: finished(child) };
}

/** A request as its owner reads it. */
async function ownerReads(api: TestApi, owner: SignedInOwner, id: string): Promise<Wire | undefined> {
  const response = await api.graphql(
    'query($id: ID!) { signOff(id: $id) { state secretState inputHash redeemedAt result note } }',
    { id },
    { cookie: owner.cookie },
  );
  return response.data?.signOff;
}

describe('the README’s Python example over /mcp', () => {
  test('is the file examples/python holds', () => {
    expect(readFileSync(path.join(root, 'examples/python/countersign_mcp.py'), 'utf8')).toBe(readmePython());
  });

  apiTest('asks, waits, takes the secret once, redeems with the server’s inputHash and reports, as python3 with the standard library', async ({ api }) => {
    const { owner, key } = await ownerForTheExample(api);
    const run = runExample(api.url, key);

    const [, mintId] = await run.mint;
    expect((await api.decide(owner.cookie, mintId!, true)).__typename).toBe('SignOffDecided');
    const [, emailId] = await run.email;
    expect((await api.decide(owner.cookie, emailId!, true)).__typename).toBe('SignOffDecided');

    const { code, stdout, stderr } = await run.done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const email = await ownerReads(api, owner, emailId!);
    const hash = text(email?.inputHash);
    expect(stdout.trimEnd().split('\n')).toEqual([
      `asked repository.mintToken: ${mintId} PENDING`,
      'decided repository.mintToken: SUCCEEDED',
      expect.stringMatching(/^took the token: cst_… \(\d+ characters\)$/),
      `asked email.send: ${emailId} PENDING`,
      'decided email.send: AWAITING_REDEEM',
      `redeemed: approval for ops@example.com, inputHash ${hash}`,
      'reported: SUCCEEDED',
    ]);

    expect(await ownerReads(api, owner, mintId!)).toMatchObject({ state: 'SUCCEEDED', secretState: 'TAKEN' });
    expect(email).toMatchObject({ state: 'SUCCEEDED', redeemedAt: expect.any(String) as unknown, result: { messageId: 'm-1' } });
    // Redeemed once: the grant the script redeemed cannot be redeemed again.
    expect((await redeem(api, key, emailId!, hash)).__typename).not.toBe('SignOffRedeemed');
  });

  apiTest('prints the owner’s notes for denied requests and takes, redeems and reports nothing', async ({ api }) => {
    const { owner, key } = await ownerForTheExample(api);
    const run = runExample(api.url, key);

    const [, mintId] = await run.mint;
    await api.decide(owner.cookie, mintId!, false, 'not today');
    const [, emailId] = await run.email;
    await api.decide(owner.cookie, emailId!, false, 'no mail this week');

    const { code, stdout, stderr } = await run.done;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout.trimEnd().split('\n')).toEqual([
      `asked repository.mintToken: ${mintId} PENDING`,
      'decided repository.mintToken: DENIED (not today)',
      `asked email.send: ${emailId} PENDING`,
      'decided email.send: DENIED (no mail this week)',
    ]);
    expect(await ownerReads(api, owner, mintId!)).toMatchObject({ state: 'DENIED', secretState: 'NONE' });
    expect(await ownerReads(api, owner, emailId!)).toMatchObject({ state: 'DENIED', redeemedAt: null });
  });
});
