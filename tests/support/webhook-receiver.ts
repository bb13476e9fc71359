import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A customer's system receiving Cena's webhooks, on 127.0.0.1 (allowed outside production, ADR 0064): it keeps
 * every request's headers and exact body, answers `status` (2xx by default), and can go down — its port closed, so
 * a delivery meets a refused connection — and come back on the same port.
 */

interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  received: ReceivedWebhook[];
  /** What the receiver answers from now on. */
  answer(status: number): void;
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 204;
  const makeServer = () =>
    createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        response.writeHead(status).end();
      });
    });
  let server = makeServer();
  const port = await listen(server);
  let listening = true;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer(next) {
      status = next;
    },
    async down() {
      if (!listening) return;
      listening = false;
      await close(server);
    },
    async up() {
      if (listening) return;
      server = makeServer();
      await listen(server, port);
      listening = true;
    },
    async stop() {
      if (listening) await close(server);
      listening = false;
    },
  };
}
