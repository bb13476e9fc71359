import pino from 'pino';

export type Logger = pino.Logger;

/** What pino writes to: anything with `write(line)` (https://github.com/pinojs/pino/blob/main/docs/api.md#destination). */
interface LineSink {
  write(text: string): unknown;
}

/**
 * The lines logged during one turn of the event loop, written together at its end (ADR 0071): one blocking
 * `write(2)` per turn, however many requests the turn answered. pino's asynchronous destination cost more per
 * request than the access line itself: each write went through libuv's thread pool (a thread woken, then the loop
 * woken back), and sonic-boom measures the whole pending text again on every line it appends while a write is under
 * way. The lines still leave within the turn that logged them, so a quiet process writes each at once, and what is
 * pending is written when the process exits.
 */
export class TurnBatch implements LineSink {
  #pending = '';
  #scheduled = false;

  constructor(private readonly sink: LineSink) {}

  write(line: string): boolean {
    this.#pending += line;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.flush);
    }
    return true;
  }

  /** Writes what is pending now (pino calls it from `logger.flush`). */
  readonly flush = (done?: (error?: Error) => void): void => {
    this.#scheduled = false;
    const text = this.#pending;
    this.#pending = '';
    if (text) this.sink.write(text);
    done?.();
  };
}

let stdoutBatch: TurnBatch | undefined;

/**
 * Every logger of the process writes to one batch on stdout, so lines keep their order and one exit hook writes what
 * is pending. Underneath, pino's synchronous destination (sonic-boom): it retries a full pipe's EAGAIN and stops
 * writing on EPIPE.
 */
function stdout(): TurnBatch {
  if (!stdoutBatch) {
    const batch = new TurnBatch(pino.destination({ dest: 1, sync: true }));
    process.once('exit', () => batch.flush());
    stdoutBatch = batch;
  }
  return stdoutBatch;
}

/**
 * pino's ISO time (`isoTime`), formatted once per millisecond: a busy process logs several lines in the same one, and
 * `toISOString` was a fifth of the access line's cost (ADR 0071).
 */
export function isoTimeOncePerMs(): () => string {
  let lastMs = Number.NaN;
  let last = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      last = `,"time":"${new Date(now).toISOString()}"`;
    }
    return last;
  };
}

/**
 * Structured JSON logs on stdout; secrets never reach them (see redact). Lines are written once per turn of the event
 * loop (TurnBatch; ADR 0071, amending ADR 0068's asynchronous destination).
 */
export function createLogger(level: pino.LevelWithSilent, sink: LineSink = stdout()): Logger {
  return pino(
    {
      level,
      base: { service: 'cena' },
      timestamp: isoTimeOncePerMs(),
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    },
    sink,
  );
}

/**
 * `parent.child(bindings)`, made only when something logs through it: most requests log nothing but their access
 * line, and a pino child costs about as much as that line (ADR 0068).
 */
export function lazyChild(parent: Logger, bindings: pino.Bindings): Logger {
  let child: Logger | undefined;
  return new Proxy(parent, {
    get(_parent, key) {
      child ??= parent.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === 'function' ? value.bind(child) : value;
    },
  });
}
