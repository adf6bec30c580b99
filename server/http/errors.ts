import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** Fastify's own messages echo the raw path; ours say what went wrong in the user's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The link you followed is not a valid address.',
  FST_ERR_MAX_PARAM_LENGTH: 'The link you followed is too long.',
};

/**
 * Fastify's `frameworkErrors` option: errors met before routing (a path that does not decode,
 * an overlong parameter) never reach the error handler above and would answer Fastify's own
 * {"error","code"} body; they get the app's failure format here.
 */
export function answerFrameworkError(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  const code = err.statusCode ?? 500;
  if (code >= 400 && code < 500) {
    const message = FRAMEWORK_MESSAGES[err.code] ?? (err.message || 'Bad request.');
    void reply.code(code).send({ status: 'fail', message });
    return;
  }
  req.log.error({ err }, 'framework error');
  void reply.code(500).send({ status: 'fail', message: 'Something went wrong. Please try again.' });
}
