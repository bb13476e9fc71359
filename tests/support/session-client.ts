import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';

/**
 * A browser stand-in for API tests: keeps its cookies, sends the app's Origin (Better Auth checks it on requests
 * that carry cookies) and acts from its own client address through X-Forwarded-For (the test app trusts
 * 127.0.0.1 as a proxy), so each client has its own rate-limit budget, as separate people would.
 */

let clients = 0;

/** This process's share of 10/8: the random part keeps parallel test files apart. */
const firstBlock = randomInt(0, 256 * 256);

/**
 * A distinct address per client in this process, each in its own /24: the trial counts an address block, not an
 * address (ADR 0047), so two clients in one /24 would be one network.
 */
function nextAddress(): string {
  clients += 1;
  const block = (firstBlock + clients) % (256 * 256);
  return `10.${Math.floor(block / 256)}.${block % 256}.${randomInt(1, 255)}`;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (for malformed bodies). */
  body?: string;
  headers?: Record<string, string>;
}

export class SessionClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly address: string = nextAddress(),
  ) {}

  /** The same person, on another device: same address, no cookies. */
  anotherDevice(): SessionClient {
    return new SessionClient(this.baseUrl, this.address);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(pathOrUrl: string, options: RequestOptions = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      'x-forwarded-for': this.address,
      ...options.headers,
    };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(url, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * A JSON request over a connection of its own, closed after it, for a body the server refuses unread (413): it
   * answers at once and cuts the connection once its short drain ends (@hono/node-server's drainIncoming, 500 ms), so
   * on fetch's shared pool the next request, of any client of this file, could be sent into the cut socket.
   */
  async jsonAlone<T = Record<string, unknown>>(
    path: string,
    options: { method: string; json: unknown },
  ): Promise<{ status: number; body: T }> {
    const payload = JSON.stringify(options.json);
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      'x-forwarded-for': this.address,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      connection: 'close',
    };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        `${this.baseUrl}${path}`,
        { method: options.method, headers, agent: false },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as T });
          });
          answer.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  async json<T = Record<string, unknown>>(
    pathOrUrl: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; body: T }> {
    const response = await this.fetch(pathOrUrl, options);
    return { status: response.status, body: (await response.json()) as T };
  }
}
