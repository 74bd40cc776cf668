// Products and resources for the explorer and gateway tests: one public product with a resource
// of each kind the explorer reads, one product restricted to a team, and the people around them.
import type { TestApp, TestUser } from './helper.ts';
import {
  applications, assetResources, credentialRequestDefinitions, credentialResources, credentials, productVersions, products,
} from '../../server/src/db/schema.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';
import { indexSpecification } from '../../server/src/spec/store.ts';

export const PETS_OAS3 = `
openapi: 3.0.3
info: { title: Pets, version: '1.0' }
servers: [{ url: 'https://pets.example.com/v1' }]
tags: [{ name: pets, description: Everything about pets }]
paths:
  /pets:
    get:
      tags: [pets]
      operationId: listPets
      summary: List pets
      responses:
        '200':
          description: The pets
          headers:
            X-Total: { schema: { type: integer, example: 2 } }
          content:
            application/json:
              example: [{ id: 1, name: Rex }, { id: 2, name: Tom }]
    post:
      tags: [pets]
      operationId: addPet
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
      responses:
        '201':
          description: Made
          content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
        '400':
          description: Bad pet
          content:
            application/json:
              examples:
                missingName: { value: { error: name is required } }
  /pets/mine:
    get:
      tags: [pets]
      operationId: myPets
      responses: { '200': { description: Mine, content: { text/plain: { example: none yet } } } }
  /pets/{petId}:
    parameters: [{ $ref: '#/components/parameters/PetId' }]
    get:
      tags: [pets]
      operationId: getPet
      responses:
        '200': { $ref: '#/components/responses/Pet' }
        '404': { description: No such pet }
    delete:
      tags: [admin]
      operationId: deletePet
      responses: { '204': { description: Gone } }
security: [{ oauth: [] }]
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        clientCredentials: { tokenUrl: 'https://auth.pets.example.com/token', scopes: {} }
        authorizationCode:
          authorizationUrl: 'https://auth.pets.example.com/authorize'
          tokenUrl: /oauth/token
          scopes: {}
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { type: integer } }
  responses:
    Pet:
      description: A pet
      content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: integer, format: int64, minimum: 1 }
        name: { type: string }
        born: { type: string, format: date }
        tags: { type: array, items: { type: string } }
        parent: { $ref: '#/components/schemas/Pet' }
`;

export const STORE_OAS2 = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Store', version: '1' },
  basePath: '/store',
  produces: ['application/json'],
  paths: {
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
        responses: { 200: { description: 'An order', examples: { 'application/json': { id: 'o-1', total: 12.5 } } } },
      },
    },
  },
});

export const SHOP_SDL = `
type Query {
  product(id: ID!): Product
  products(first: Int): [Product!]!
  search(text: String!): [SearchResult!]!
}
type Mutation { addProduct(input: NewProduct!): Product! }
input NewProduct { title: String!, price: Float }
type Product { id: ID!, title: String!, price: Float, inStock: Boolean!, colour: Colour, reviews: [Review!]! }
type Review { stars: Int!, text: String }
enum Colour { RED GREEN BLUE }
union SearchResult = Product | Review
`;

export interface ExplorerFixture {
  alice: TestUser; // org A, team A1: sees everything
  bob: TestUser; // org B: sees only the open product
  provider: TestUser;
  paths: {
    oas3: string; oas2: string; graphql: string; asyncapi: string; restricted: string; deleted: string; archived: string;
    broken: string; upstream: string;
  };
  app: { id: string; credentialId: string }; // alice's application and credential
  bobApp: { id: string; credentialId: string };
}

/** Resource path under /api/v1 (`/products/{p}/versions/{v}/assetresources/{r}`). */
const resourcePath = (p: string, v: string, r: string) => `/products/${p}/versions/${v}/assetresources/${r}`;

export async function seedExplorer(t: TestApp, opts: { upstreamUrl?: string } = {}): Promise<ExplorerFixture> {
  const provOrg = await t.createOrg({ id: 'org-prov', kind: 'provider' });
  const orgA = await t.createOrg({ id: 'org-a' });
  const orgB = await t.createOrg({ id: 'org-b' });
  const provider = await t.createUser({ orgId: provOrg.id, orgRoles: [ORG_ROLES.Administrator], providerGuid: 'prov' });
  const alice = await t.createUser({ orgId: orgA.id, orgRoles: [ORG_ROLES.Consumer] });
  const bob = await t.createUser({ orgId: orgB.id, orgRoles: [ORG_ROLES.Consumer] });
  await t.createTeam({ orgId: orgA.id, id: 'team-a1', members: [{ userId: alice.id, roles: ['consumer'] }] });
  await t.createTeam({ orgId: orgB.id, id: 'team-b1', members: [{ userId: bob.id, roles: ['consumer'] }] });
  await t.setSettings({ public: true });

  await t.db.insert(products).values([
    { id: 'p-open', name: 'open', title: 'Open' },
    { id: 'p-secret', name: 'secret', title: 'Secret', visibility: 'restricted', visibilityTeamIds: ['team-a1'] },
  ]);
  await t.db.insert(productVersions).values([
    { id: 'v-open', productId: 'p-open', label: '1', value: '1' },
    { id: 'v-secret', productId: 'p-secret', label: '1', value: '1' },
  ]);
  const resource = (id: string, type: string, specification: string, extra: Partial<typeof assetResources.$inferInsert> = {}) => ({
    id, productVersionId: 'v-open', title: id, type, specification, specificationSize: Buffer.byteLength(specification), ...extra,
  });
  await t.db.insert(assetResources).values([
    resource('r-oas3', 'oas3', PETS_OAS3, { upstreamUrl: 'mock:', endpoints: [{ url: 'https://pets.example.com/v1' }] }),
    resource('r-oas2', 'oas2', STORE_OAS2),
    resource('r-graphql', 'graphql', SHOP_SDL),
    resource('r-async', 'asyncapi', 'asyncapi: 2.6.0\ninfo: { title: E, version: "1" }\nchannels: {}\n'),
    resource('r-secret', 'oas3', PETS_OAS3, { productVersionId: 'v-secret' }),
    resource('r-deleted', 'oas3', PETS_OAS3, { status: 'deleted' }),
    resource('r-archived', 'oas3', PETS_OAS3, { state: 'archived' }),
    resource('r-broken', 'oas3', '{ "openapi": "3.0.0", '),
    resource('r-upstream', 'oas3', PETS_OAS3, {
      upstreamUrl: opts.upstreamUrl ?? 'http://127.0.0.1:9/api',
      endpoints: ['http://127.0.0.1:9/other', { url: 'mock:' }],
    }),
  ]);
  // Indexed at store time as publishing does, except r-graphql, left to be indexed on first read.
  for (const id of ['r-oas3', 'r-oas2', 'r-async', 'r-secret', 'r-deleted', 'r-archived', 'r-broken', 'r-upstream']) {
    await indexSpecification(t.db, id);
  }

  await t.db.insert(credentialRequestDefinitions).values({ id: 'crd-key', title: 'API key', crdType: 'APIKey' });
  await t.db.insert(applications).values([
    { id: 'app-a', orgId: orgA.id, title: 'Alice app', ownerType: 'team', ownerId: 'team-a1', createdBy: alice.id },
    { id: 'app-b', orgId: orgB.id, title: 'Bob app', ownerType: 'team', ownerId: 'team-b1', createdBy: bob.id },
  ]);
  await t.db.insert(credentials).values([
    { id: 'cred-a', orgId: orgA.id, applicationId: 'app-a', title: 'Key', credentialRequestDefinitionId: 'crd-key', crdType: 'APIKey', ownerType: 'team', ownerId: 'team-a1', createdBy: alice.id },
    { id: 'cred-b', orgId: orgB.id, applicationId: 'app-b', title: 'Key', credentialRequestDefinitionId: 'crd-key', crdType: 'APIKey', ownerType: 'team', ownerId: 'team-b1', createdBy: bob.id },
  ]);
  // The resources each credential is valid on (a credential works only where it is listed).
  const onOpen = ['r-oas3', 'r-oas2', 'r-graphql', 'r-async', 'r-deleted', 'r-archived', 'r-broken', 'r-upstream'];
  await t.db.insert(credentialResources).values([
    ...onOpen.map((assetResourceId) => ({ credentialId: 'cred-a', assetResourceId })),
    ...onOpen.map((assetResourceId) => ({ credentialId: 'cred-b', assetResourceId })),
  ]);

  const open = (r: string) => resourcePath('p-open', 'v-open', r);
  return {
    alice, bob, provider,
    paths: {
      oas3: open('r-oas3'), oas2: open('r-oas2'), graphql: open('r-graphql'), asyncapi: open('r-async'),
      restricted: resourcePath('p-secret', 'v-secret', 'r-secret'), deleted: open('r-deleted'), archived: open('r-archived'),
      broken: open('r-broken'), upstream: open('r-upstream'),
    },
    app: { id: 'app-a', credentialId: 'cred-a' },
    bobApp: { id: 'app-b', credentialId: 'cred-b' },
  };
}

/** `/products/p/versions/v/assetresources/r` → `/gateway/p/v/r` */
export const gatewayOf = (resource: string) =>
  resource.replace(/^\/products\/([^/]+)\/versions\/([^/]+)\/assetresources\/([^/]+)$/, '/gateway/$1/$2/$3');
