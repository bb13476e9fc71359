import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Duplex } from 'node:stream';
import type { Logger } from '#server/logger.server';
import type { ApiErrorBody } from '#shared/api-error';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a head over 16 KB — usually an over-long URL —,
 * malformed HTTP, a head that took too long) get Cena's JSON error instead of Node's empty answer. Without a
 * `clientError` listener Node writes a bare 400/431 and closes (Node docs, http.Server 'clientError').
 */

const ANSWERS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    message: 'Endereço ou cabeçalhos grandes demais.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'A requisição demorou demais para chegar.',
  },
};

const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  code: 'malformed_request',
  message: 'Requisição HTTP malformada.',
};

export function answerClientErrors(server: Server | Http2Server | Http2SecureServer, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = (error.code && ANSWERS[error.code]) || MALFORMED;
    logger.info({ code: error.code, status: answer.status }, 'malformed request refused');
    const body: ApiErrorBody = { error: { code: answer.code, message: answer.message } };
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  });
}
