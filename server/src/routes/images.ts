// Images by id (spec 1 §7 "image by uri"): catalogue images are public; an image a consumer
// organisation uploaded is served only to that organisation (others get 404, not a hint it exists).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { ErrorResponses, IdParams, ImageContent } from '../schemas/common.ts';
import { images } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { IMAGE_CACHE_MS } from '../../../src/rules/constants.ts';

const MAX_AGE = Math.round(IMAGE_CACHE_MS / 1000);

export default async function imageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/images/:id', {
    schema: { params: IdParams, response: { 200: ImageContent, ...ErrorResponses } },
  }, async (request, reply) => {
    const [image] = await app.db.select().from(images).where(eq(images.id, request.params.id));
    if (!image || (image.orgId !== null && image.orgId !== request.caller.orgId)) throw notFound(`Image ${request.params.id}`);
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', `${image.orgId ? 'private' : 'public'}, max-age=${MAX_AGE}`)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(image.data));
  });
}
