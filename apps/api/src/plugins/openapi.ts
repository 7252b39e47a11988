// The OpenAPI document, generated from the routes' zod schemas: UI at /docs, JSON at /docs/json.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Comptoir API',
          description:
            'API de la boutique et du back office. Session par cookie httpOnly `comptoir_session` (POST /auth/login). Tout ce qui est sous /admin/ et /service/, et toute écriture sous /openweb/admin/, est réservé aux administrateurs. Les erreurs répondent `{ message, details? }` en français.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'comptoir_session' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'openapi' },
);
