// Multipart uploads, only where a route takes a file. The multipart plugin adds to every request of
// its scope a 'close' listener and two async hooks (onRequest, and onResponse to clean saved files):
// registered for the whole app, every catalogue answer paid for them.
import multipart, { type MultipartFile } from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HTTP_MESSAGES } from '@comptoir/shared/errors';
import { badRequest, HttpError } from '../errors';

export type UploadScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Declares `routes` in a scope of their own where multipart bodies are read (each route sets its limits). */
export async function registerUploadRoutes(
  app: FastifyInstance,
  routes: (uploads: UploadScope) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart);
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/** What a route takes as its one uploaded file, and how it refuses the others. */
export interface UploadRules {
  /** The multipart field of the file. */
  field: string;
  /** Enforced while reading: an oversized upload is never held in memory whole. */
  maxBytes: number;
  /** Other fields the form may send beside the file. */
  maxFields: number;
  /** The error of a request without that file (not multipart, another field first). */
  missing: () => HttpError;
  tooLarge: () => HttpError;
}

/**
 * `use`'s answer for the request's file (the first part, which must be `rules.field`). A malformed or
 * truncated body is a 400, a multipart limit the plugin enforces (too many parts, wrong content
 * type…) its own 4xx, and `use`'s own HTTP errors pass as they are.
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  rules: UploadRules,
  use: (part: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw rules.missing();
  try {
    const part = await request.file({
      limits: { fileSize: rules.maxBytes, files: 1, fields: rules.maxFields, parts: rules.maxFields + 1 },
    });
    if (!part || part.fieldname !== rules.field) {
      part?.file.resume();
      throw rules.missing();
    }
    return await use(part);
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw rules.tooLarge();
    if (error instanceof HttpError || isClientError(error)) throw error;
    // Reading the request failed: a malformed or truncated body ('Unexpected end of multipart data').
    throw badRequest(HTTP_MESSAGES[400]);
  }
}

/** An error the multipart plugin raises with a 4xx status. */
const isClientError = (error: unknown) => {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};
