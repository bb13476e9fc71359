import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; secrets never reach them (see redact). */
export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    base: { service: 'cena' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
  });
}
