import { randomUUID } from 'node:crypto';
import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';

/**
 * Every answer's request id and security headers, added where Node writes the status line (ADR 0068). Hono's
 * `requestId` and `secureHeaders` set them on the answer's web `Headers` — undici's, which validates every `set` —
 * and @hono/node-server then copies those back into a plain object for Node: about a third of `/healthz`'s CPU under
 * `npm run bench:api` (docs/benchmarks.md). Here they join the plain object @hono/node-server hands to
 * `ServerResponse.writeHead`, so an answer with no header of its own never builds a `Headers` at all, and Node keeps
 * its fast path (https://nodejs.org/api/http.html#responsewriteheadstatuscode-statusmessage-headers). A header the
 * handler set itself wins (a page with its own Content-Security-Policy keeps it).
 *
 * The security headers are what `secureHeaders(options)` itself sends, read once from a probe answer, so the library
 * stays their definition. The request id is Hono's `requestId` rule: the caller's `X-Request-Id` when it is at most
 * 255 word characters, `-` or `=`, else a new UUID.
 */

export async function securityHeadersOf(security: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono().use(security).get('*', (c) => c.body(null));
  const answer = await probe.request('/');
  return [...answer.headers].filter(([name]) => name !== 'content-type');
}

export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && given.length <= 255 && !/[^\w\-=]/.test(given) ? given : randomUUID();
}

/**
 * Node's `ServerResponse` for `http.createServer({ ServerResponse })`, writing the request id on every answer, and
 * `headers.json` on a JSON answer, `headers.document` on any other (pages, scripts, media).
 */
export function responseWithHeaders(headers: { document: [string, string][]; json: [string, string][] }) {
  const lower = (list: [string, string][]) =>
    list.map(([name, value]) => [name.toLowerCase(), value] as const);
  const document = lower(headers.document);
  const json = lower(headers.json);

  return class CenaResponse<
    Request extends IncomingMessage = IncomingMessage,
  > extends ServerResponse<Request> {
    readonly requestId: string;

    constructor(request: Request) {
      super(request);
      this.requestId = requestIdFrom(request.headers['x-request-id']);
    }

    override writeHead(
      statusCode: number,
      reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
      maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
    ): this {
      const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
      const given = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
      const all = given && !Array.isArray(given) ? this.#joined(given) : this.#set(given);
      return super.writeHead(statusCode, reason, all);
    }

    /** The handler's plain object (copied: it may be a shared constant) after ours, skipping names it already has. */
    #joined(given: OutgoingHttpHeaders): OutgoingHttpHeaders {
      const own = new Set<string>();
      let constant = document;
      for (const name in given) {
        const lowered = name.toLowerCase();
        own.add(lowered);
        if (lowered === 'content-type' && String(given[name]).startsWith('application/json')) constant = json;
      }
      const joined: OutgoingHttpHeaders = {};
      if (!own.has('x-request-id')) joined['x-request-id'] = this.requestId;
      for (const [name, value] of constant) if (!own.has(name)) joined[name] = value;
      return Object.assign(joined, given);
    }

    /** No plain object (Node's implicit head, or a raw list): the headers go on through `setHeader`. */
    #set<T>(given: T): T {
      if (!this.hasHeader('x-request-id')) this.setHeader('x-request-id', this.requestId);
      const type = this.getHeader('content-type');
      const constant = typeof type === 'string' && type.startsWith('application/json') ? json : document;
      for (const [name, value] of constant) if (!this.hasHeader(name)) this.setHeader(name, value);
      return given;
    }
  };
}
