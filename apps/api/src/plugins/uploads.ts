// Multipart uploads, only where a route takes a file. The multipart plugin adds to every request of
// its scope a 'close' listener and two async hooks (onRequest, and onResponse to clean saved files):
// registered for the whole app, every catalogue answer paid for them.
import multipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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
