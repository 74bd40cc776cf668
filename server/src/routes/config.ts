// Site configuration (spec 3 §7.6): the marketplace root and the server features. Readable by
// visitors: the portal needs the branding and the sign-in rules before anyone signs in.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { FEATURES, FeatureList, Marketplace } from '../schemas/config.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function configRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // site_config is one of the tables whose writes bump the catalogue version.
  cachedReads(app);

  app.get('/marketplace', { schema: { response: { 200: Marketplace, ...ErrorResponses } } }, async () => {
    const { id, settings, features } = await readSiteConfig(app.db);
    return {
      id,
      settings,
      features,
      ai: { enabled: settings.ai.enabled && features.includes(FEATURES.ai), stream: settings.ai.stream },
    };
  });

  app.get('/features', { schema: { response: { 200: FeatureList, ...ErrorResponses } } }, async () => {
    const { features } = await readSiteConfig(app.db);
    return { items: features };
  });
}
