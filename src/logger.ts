// Structured JSON logs (pino). Nothing submitted is ever logged: request and response objects are reduced to
// their id and status, and credentials are redacted wherever they might appear.
import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { LogLevel } from './config.ts';

export function createLogger(level: LogLevel, stream?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    serializers: {
      req: (req: { id?: string }) => ({ request_id: req.id }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
    redact: { paths: ['authorization', '*.authorization', 'headers.authorization', 'headers.cookie', 'key', '*.key', 'password', '*.password'], censor: '[redacted]' },
  };
  return stream ? pino(options, stream) : pino(options);
}
