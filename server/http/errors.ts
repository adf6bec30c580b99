import type { FastifyError, FastifyInstance } from 'fastify';

/** An error the caller caused or may see: answered as {"status":"fail","message":…} with `statusCode`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(400, message, extra);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (
  message = 'The link you followed may be broken, or the page may have been removed.',
) => new HttpError(404, message);

/**
 * Every failure becomes {"status":"fail","message":"<non-empty>"}. Schema failures, bad JSON and
 * oversize bodies keep their 4xx; only genuine bugs answer 500, and without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ ...err.extra, status: 'fail', message: err.message });
    }
    const code = err.statusCode ?? 500;
    if (err.validation) {
      return reply.code(400).send({ status: 'fail', message: `Invalid request: ${err.message}` });
    }
    if (code >= 400 && code < 500) {
      return reply.code(code).send({ status: 'fail', message: err.message || 'Bad request.' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 'fail', message: 'Something went wrong. Please try again.' });
  });
}
