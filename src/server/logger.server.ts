import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs on stdout; secrets never reach them (see redact). Written asynchronously: a line logged while
 * the previous write is under way joins the next write instead of costing a blocking write of its own (one per request
 * for the access lines; ADR 0068). No minimum length, so a quiet process still writes each line at once; pino flushes
 * what is pending when the process exits (https://github.com/pinojs/pino/blob/main/docs/asynchronous.md): only a
 * machine failure can lose the last lines.
 */
export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino(
    {
      level,
      base: { service: 'cena' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    },
    pino.destination({ dest: 1, sync: false }),
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
