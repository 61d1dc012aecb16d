import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const CLIENT_ERROR_BODY = JSON.stringify(['formInvalid']);

/**
 * Fastify's clientErrorHandler: a request Node cannot even parse (headers or URL over 16 KB, bad
 * syntax) is answered like every other refused call, with a list of error codes, and closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(CLIENT_ERROR_BODY)}\r\nConnection: close\r\n\r\n${CLIENT_ERROR_BODY}`,
    );
  }
  socket.destroy(error);
}
