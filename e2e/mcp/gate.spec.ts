import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CountersignAgent } from '@countersign/client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test as base, uniqueName } from '../fixtures.js';
import { InboxPage, requestTitle } from '../pages/inbox-page.js';
import { createAdminToken, FILESYSTEM_SERVER_NAME, openFilesystemGate, requestIdIn, textOf, type FilesystemGate } from '../support/mcp-gate.js';

/**
 * Every tool not marked read-only is gated (the default). A short wait, so a
 * held call answers "call again" in seconds; and a summary naming the
 * content, so the owner (and the test) can tell two writes of one agent apart.
 */
const CONFIG = { waitSeconds: 2, summary: { write_file: 'Write "{args.content}" to {args.path}' } };
const WRITE_FILE_OP = `mcp.${FILESYSTEM_SERVER_NAME}.write_file`;
const APPROVED_BY_AGENT = 'Approved — waiting for the agent to redeem. History will show when it does and how it went.';

interface GateScene {
  agentName: string;
  agent: CountersignAgent;
  gate: FilesystemGate;
}

/**
 * The owner signed in to the console, an agent of theirs, and the gate in
 * front of the filesystem server registered by the owner's admin token and
 * run with the agent's key; the gate, its child process and its folder are
 * gone after the test, however it ends.
 */
const test = base.extend<{ scene: GateScene }>({
  scene: async ({ context, server, signInAsOwner, seedAgent }, use) => {
    await signInAsOwner(context);
    const { name, client: agent } = await seedAgent(uniqueName('fs-bot'));
    const ownerToken = await createAdminToken(context.request, uniqueName('gate-init'));
    const gate = await openFilesystemGate({ config: CONFIG, url: server.baseURL, ownerToken, agent, files: { 'hello.txt': 'hello' } });
    try {
      await use({ agentName: name, agent, gate });
    } finally {
      await gate.close();
    }
  },
});

/** A gated call the owner has not decided yet: no error, the "call again" answer, and the request it asked. */
function heldRequest(result: CallToolResult): string {
  expect(result.isError, textOf(result)).toBe(false);
  expect(textOf(result)).toMatch(/^Waiting for your owner's decision on request /);
  return requestIdIn(result);
}

/** What the summary template makes of a write, as the Inbox shows it. */
const writeSummary = (target: string, content: string) => `Write "${content}" to ${target}`;

test('read_text_file passes through ungated; write_file is held until the owner approves in the Inbox, then writes exactly the approved content', async ({
  page,
  scene: { agentName, agent, gate },
}) => {
  const inbox = new InboxPage(page);
  await inbox.open();
  const fromThisAgent = inbox.rowsFrom(agentName);

  await test.step('a read goes straight to the filesystem server, asking nobody', async () => {
    const read = await gate.call('read_text_file', { path: path.join(gate.folder, 'hello.txt') });
    expect(read.isError ?? false, textOf(read)).toBe(false);
    expect(textOf(read)).toBe('hello');
    expect((await agent.signOffs()).nodes).toEqual([]);
  });

  const target = path.join(gate.folder, 'out.txt');
  const args = { path: target, content: 'approved words' };
  const id = await test.step('a write is held: the agent is told to call again, and nothing is written', async () => {
    const id = heldRequest(await gate.call('write_file', args));
    // Calling again before a decision finds the same request: the owner is asked once.
    expect(heldRequest(await gate.call('write_file', args))).toBe(id);
    expect(existsSync(target)).toBe(false);
    return id;
  });

  const signOff = await agent.signOff(id);
  expect(signOff).toMatchObject({ op: WRITE_FILE_OP, state: 'PENDING', irreversible: true, input: args });
  const title = requestTitle(agentName, signOff!.description);

  await test.step('the owner sees the write in the Inbox with its exact content, and only it', async () => {
    await expect(inbox.pendingRequest(title)).toBeVisible();
    // The write's request is on screen, so a request from the read, had one been asked, would be too.
    await expect(fromThisAgent).toHaveCount(1);
    const request = await inbox.select(title);
    await expect(request).toContainText(`${WRITE_FILE_OP} v1`);
    await expect(request).toContainText(writeSummary(target, 'approved words'));
    await expect(request.getByLabel('content', { exact: true })).toHaveText('approved words');
    await expect(request.getByLabel('path', { exact: true })).toHaveText(target);
    await expect(request.getByText('Irreversible', { exact: true })).toBeVisible();
  });

  await test.step('the owner approves; the write waits for the agent’s next call', async () => {
    // An irreversible write is high risk: the owner types what the dialog names before approving.
    await inbox.approve(title, { type: true });
    await expect(inbox.outcome(title)).toContainText(APPROVED_BY_AGENT);
    await expect(inbox.pendingRequest(title)).toHaveCount(0);
    expect(existsSync(target)).toBe(false);
  });

  await test.step('the same call now writes exactly the approved content, and the outcome is reported', async () => {
    const written = await gate.call('write_file', args);
    expect(written.isError ?? false, textOf(written)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('approved words');
    expect(await agent.signOff(id)).toMatchObject({ state: 'SUCCEEDED', result: { isError: false } });
    await expect(fromThisAgent).toHaveCount(0);
  });
});

test('a write denied in the Inbox returns the owner’s note and writes nothing; changed content after an approval is a new request, never written', async ({
  page,
  scene: { agentName, agent, gate },
}) => {
  const inbox = new InboxPage(page);
  await inbox.open();
  /** The heading is the operation's ("<agent> asks to write File") for every write; the summary tells them apart. */
  const title = requestTitle(agentName, 'Write File');
  /** Opens the one waiting write and checks it is the one with this content. */
  const pending = async (target: string, content: string) => {
    await expect(await inbox.select(title)).toContainText(writeSummary(target, content));
  };
  /** The outcome of the decision just made; it leaves the list after a few seconds, so the next decision's outcome (under the same heading) is the only one. */
  const decided = async (status: string) => {
    const outcome = inbox.outcome(title);
    await expect(outcome).toContainText(status);
    await expect(outcome).toHaveCount(0);
  };

  await test.step('denied: the next identical call is an error carrying the note, and the file never exists', async () => {
    const target = path.join(gate.folder, 'denied.txt');
    const id = heldRequest(await gate.call('write_file', { path: target, content: 'no' }));
    expect((await agent.signOff(id))?.description).toBe('Write File');
    await pending(target, 'no');
    await inbox.deny(title, { note: 'Not in this folder.' });
    await decided('Denied. Nothing ran.');

    const denied = await gate.call('write_file', { path: target, content: 'no' });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toBe(`Your owner denied this call (request ${id}): Not in this folder.`);
    expect(existsSync(target)).toBe(false);
  });

  await test.step('changed content after an approval: held as a new request, the approved content alone is ever written', async () => {
    const target = path.join(gate.folder, 'approved.txt');
    const approvedId = heldRequest(await gate.call('write_file', { path: target, content: 'A' }));
    await pending(target, 'A');
    await inbox.approve(title, { type: true });
    await decided(APPROVED_BY_AGENT);

    // The approval is for "A": the same write with "B" is not forwarded but asks the owner anew.
    const changedId = heldRequest(await gate.call('write_file', { path: target, content: 'B' }));
    expect(changedId).not.toBe(approvedId);
    expect(await agent.signOff(changedId)).toMatchObject({ state: 'PENDING', input: { path: target, content: 'B' } });
    await pending(target, 'B');
    expect(existsSync(target)).toBe(false);

    const written = await gate.call('write_file', { path: target, content: 'A' });
    expect(written.isError ?? false, textOf(written)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('A');

    await inbox.deny(title, { note: 'Only A was approved.' });
    await decided('Denied. Nothing ran.');
    const refused = await gate.call('write_file', { path: target, content: 'B' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('Only A was approved.');
    expect(readFileSync(target, 'utf8')).toBe('A');
    expect(await agent.signOff(approvedId)).toMatchObject({ state: 'SUCCEEDED' });
  });
});
