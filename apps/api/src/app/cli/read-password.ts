import { createInterface } from 'node:readline';
import { terminal } from './terminal-text.js';

/** The password from stdin: typed at a prompt (not echoed) or piped in by a script. */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const muted = prompt as unknown as { _writeToOutput: (s: string) => void };
  terminal.err('Password: ');
  muted._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  terminal.err('\n');
  return password;
}
