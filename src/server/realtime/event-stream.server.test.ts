import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { startHeartbeat, writer } from './event-stream.server';

/**
 * The stream's heartbeat on a real socket: a client that reads gets a comment line every beat; a client that stops
 * reading holds one waiting write, not one more every beat (each with its drain and close listeners).
 */

const BEAT_MS = 5;
/** More than loopback's socket buffers take, so the write stays in Node's buffer while the client does not read. */
const MORE_THAN_THE_SOCKET_TAKES = 32 * 1024 * 1024;

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A server whose one response is handed to the test, and a raw client connected to it. */
async function openStream(): Promise<{ outgoing: ServerResponse; client: net.Socket }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closing.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as net.AddressInfo;
  const client = net.connect(port, '127.0.0.1');
  closing.push(async () => {
    client.destroy();
  });
  const request = once(server, 'request');
  client.write('GET /api/events HTTP/1.1\r\nHost: cena.test\r\n\r\n');
  const [, outgoing] = (await request) as [unknown, ServerResponse];
  outgoing.writeHead(200, { 'Content-Type': 'text/event-stream' });
  return { outgoing, client };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('sends a comment line every beat to a client that reads, and stops when told', async () => {
  const { outgoing, client } = await openStream();
  let received = '';
  client.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const send = writer(outgoing);
  let beats = 0;
  const stop = startHeartbeat(
    outgoing,
    (text) => {
      beats += 1;
      return send(text);
    },
    BEAT_MS,
  );
  await expect.poll(() => received.split(': heartbeat\n\n').length - 1).toBeGreaterThanOrEqual(3);
  stop();
  const beatsWhenStopped = beats;
  await sleep(BEAT_MS * 10);
  expect(beats).toBe(beatsWhenStopped);
});

it('keeps one write waiting, not one more every beat, for a client that stopped reading', async () => {
  const { outgoing, client } = await openStream();
  client.pause();
  const send = writer(outgoing);
  void send('x'.repeat(MORE_THAN_THE_SOCKET_TAKES));
  expect(outgoing.writableNeedDrain).toBe(true);
  const waiting = { drain: outgoing.listenerCount('drain'), close: outgoing.listenerCount('close') };
  expect(waiting.drain).toBe(1);
  // The beats on a fake clock, twenty of them at once; the socket and its buffer stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const stop = startHeartbeat(outgoing, send, BEAT_MS);
    vi.advanceTimersByTime(BEAT_MS * 20);
    stop();
  } finally {
    vi.useRealTimers();
  }
  expect(outgoing.writableNeedDrain).toBe(true);
  expect({ drain: outgoing.listenerCount('drain'), close: outgoing.listenerCount('close') }).toEqual(waiting);
});
