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
export const ONE_FILE_ONLY = 'Please send one file at a time.';

/**
 * Reads a whole multipart body into memory. Busboy reports a malformed body (no boundary, cut
 * off mid-part) with a plain Error and no status, which would answer 500; those become 400 here.
 * A second file (the app allows one per form) is the sender's mistake, not an oversize body: the
 * plugin's 413 "reach files limit" becomes a 400 that says so. Its other limit errors (413 too
 * large) keep their status.
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
    if ((e as { code?: unknown }).code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE_ONLY);
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw e;
    throw badRequest(BAD_MULTIPART);
  }
  return form;
}
