import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery as the receiver saw it, verified with the `standardwebhooks` package. */
export interface Received {
  id: string;
  body: string;
  headers: IncomingHttpHeaders;
  verified: boolean;
}

/** How the receiver answers the n-th delivery it gets (1-based, over all ids). */
export type Answer = (n: number, received: Received, response: ServerResponse) => void;

export const answerJson =
  (status: number, body: unknown): Answer =>
  (_n, _received, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

/**
 * A real webhook receiver on loopback that verifies each delivery's
 * signature with an implementation the project did not write, and answers
 * as the test says.
 */
export async function startReceiver(answer: Answer): Promise<{
  url: string;
  received: Received[];
  secret: { value: string };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const secret = { value: '' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      let verified: boolean;
      try {
        new Webhook(secret.value).verify(body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        });
        verified = true;
      } catch {
        verified = false;
      }
      const delivery = { id: String(request.headers['webhook-id']), body, headers: request.headers, verified };
      received.push(delivery);
      answer(received.length, delivery, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
