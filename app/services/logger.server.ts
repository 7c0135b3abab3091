import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets never appear in them. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service: 'catalog-builder' },
    redact: {
      paths: [
        'password',
        '*.password',
        'confirmPassword',
        '*.accessToken',
        '*.access_token',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
