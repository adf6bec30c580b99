import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors.ts';

export interface MultipartForm {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  /** File parts by field name (the last file wins). */
  files: Record<string, Buffer>;
}

export const BAD_MULTIPART = 'The form could not be read. Please try again.';

/**
 * Reads a whole multipart body into memory. Busboy reports a malformed body (no boundary, cut
 * off mid-part) with a plain Error and no status, which would answer 500; those become 400 here.
 * The plugin's own limit errors (413 too large, too many files) keep their status.
 */
export async function readMultipart(
  req: FastifyRequest,
  limits?: { fileSize?: number },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: Object.create(null), files: Object.create(null) };
  try {
    for await (const part of req.parts(limits ? { limits } : undefined)) {
      if (part.type === 'file') form.files[part.fieldname] = await part.toBuffer();
      else if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw e;
    throw badRequest(BAD_MULTIPART);
  }
  return form;
}
