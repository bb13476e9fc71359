/**
 * A fake of Cena's own API for page-level web tests, at the network boundary: it stands in for `fetch`, which the
 * typed client (src/web/lib/api.ts) calls. Answers are declared per operation of src/shared/*.contract.ts and
 * checked against that declaration, so the fake refuses what the real server could never say: a success body is
 * parsed with the operation's response schema, and an error code must be one the operation declares (or every
 * operation of its kind answers, `errorsOf`). A contract change therefore breaks the page test that relied on it.
 */
import { vi } from 'vitest';
import { errorsOf, type Operation, type ResponseOf } from '#shared/api-contract';
import type { ApiErrorBody } from '#shared/api-error';

interface Reply {
  status: number;
  body: unknown;
}

/** What a route answers: a reply now, or one the test gives later (`hold`), to look at the loading state. */
type Handler = (url: URL, init: RequestInit) => Reply | Promise<Reply>;

interface Route {
  operation: Operation;
  pattern: RegExp;
  handler: Handler;
}

export interface ApiCall {
  operation: Operation;
  url: URL;
  init: RequestInit;
}

/** `/api/videos/{id}` → a pattern matching `/api/videos/<one segment>`. */
function patternOf(operation: Operation): RegExp {
  const source = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${source}$`);
}

/** The first 2xx status the operation declares with a JSON body, and that body's schema. */
function successOf(operation: Operation) {
  for (const [status, declaration] of Object.entries(operation.responses)) {
    if (typeof declaration === 'object' && declaration.schema) {
      return { status: Number(status), schema: declaration.schema };
    }
  }
  throw new Error(`${operation.method} ${operation.path} declares no JSON answer`);
}

function response({ status, body }: Reply): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakeApi() {
  const routes: Route[] = [];
  const calls: ApiCall[] = [];
  /** Requests no route answered: a page called something its test did not expect. */
  const unexpected: string[] = [];

  const on = (operation: Operation, handler: Handler) => {
    // The newest declaration wins, so a test can change an answer midway.
    routes.unshift({ operation, pattern: patternOf(operation), handler });
  };

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://cena.test');
    const method = (init.method ?? 'GET').toLowerCase();
    const matching = routes.filter((r) => r.operation.method === method && r.pattern.test(url.pathname));
    // A literal path wins over a parameter, as in the server's router: /api/videos/availability is not a video id.
    const route = matching.find((r) => !r.operation.path.includes('{')) ?? matching[0];
    if (!route) {
      unexpected.push(`${method.toUpperCase()} ${url.pathname}`);
      throw new TypeError(`fake API: no answer for ${method.toUpperCase()} ${url.pathname}`);
    }
    calls.push({ operation: route.operation, url, init });
    return response(await route.handler(url, init));
  });

  return {
    fetch,
    calls,
    unexpected,
    /** Answers the operation's declared success with `body`, which must satisfy its response schema. */
    answer<O extends Operation>(operation: O, body: ResponseOf<O> | ((url: URL) => ResponseOf<O>)) {
      const { status, schema } = successOf(operation);
      on(operation, (url) => ({
        status,
        body: schema.parse(typeof body === 'function' ? (body as (url: URL) => unknown)(url) : body),
      }));
    },
    /**
     * Answers one of the operation's declared error codes with its status and a pt-BR message (and, for a refused
     * form, the message of each field).
     */
    fail(operation: Operation, code: string, message: string, fields?: Record<string, string>) {
      const status = errorsOf(operation)[code];
      if (status === undefined) throw new Error(`${operation.path} never answers ${code}`);
      const body: ApiErrorBody = {
        error: { code, message, requestId: 'req-test', ...(fields ? { fields } : {}) },
      };
      on(operation, () => ({ status, body }));
    },
    /** Keeps the operation's calls unanswered until the returned function is called with an answer. */
    hold<O extends Operation>(operation: O): (body: ResponseOf<O>) => void {
      const { status, schema } = successOf(operation);
      let release: (reply: Reply) => void = () => {};
      const answered = new Promise<Reply>((resolve) => {
        release = resolve;
      });
      on(operation, () => answered);
      return (body) => release({ status, body: schema.parse(body) });
    },
    /** The calls made to one operation. */
    callsTo(operation: Operation): ApiCall[] {
      return calls.filter((call) => call.operation === operation);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
