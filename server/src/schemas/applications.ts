// Applications, application profiles and their definitions (spec 2 §3–§7): the contract.
// Paging: page + pageSize (1-based). Lists answer { items, totalCount }.
// Images: `icon` in a body is a data URL (JPEG or PNG, by signature, ≤ IMAGE_MAX_BYTES once
// decoded); the server stores it as a row of `images` and answers `icon` as the image's URL
// (/api/v1/images/{id}, served to the owning organisation only) or null.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Fields, Literals, Nullable, Strict } from './catalogue.ts';
import {
  APPLICATIONS_PAGE_SIZE, DESCRIPTION_MAX_LENGTH, FILTER_SEARCH_MAX_LENGTH, IMAGE_MAX_BYTES, MAX_PAGE_LIMIT, NAME_MAX_LENGTH,
  PROFILES_PAGE_SIZE, PROFILE_TITLE_MAX_LENGTH,
} from '../../../src/rules/constants.ts';

export const APPLICATION_STATES = ['active', 'archived', 'archiving', 'deleting'] as const;
/** modified (default), created, name ascending, name descending (spec 2 §2). */
export const APPLICATION_SORTS = ['-metadata.modifiedAt', '-metadata.createdAt', '+title', '-title'] as const;
export const APPLICATION_FIELDS = ['id', 'title', 'metadata', 'links', 'state', 'description', 'owner', 'assetResources', 'icon', 'profiles', 'rights'] as const;
export const OWNER_TYPES = ['team', 'user'] as const;
export const PROFILE_SORTS = ['+title', '-title', '-metadata.modifiedAt'] as const;
export const APPLICATION_RESOURCE_SORTS = ['+title', '-title'] as const;

const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT })),
};
export const PageQuery = Page;

/** Who owns an application, credential or subscription: a team, or a user in their private team. */
export const Owner = Type.Object({
  type: Literals(OWNER_TYPES),
  id: Type.String(),
  /** The private team of a user owner. */
  contextId: Nullable(Type.String()),
  /** The team's or user's name, null when it no longer exists. */
  name: Nullable(Type.String()),
  /** The team carries the private tag. */
  private: Type.Boolean(),
});
export type Owner = Static<typeof Owner>;

export const OwnerInput = Type.Object({ type: Literals(OWNER_TYPES), id: Id }, Strict);

export const Metadata = Type.Object({ createdAt: DateTime, modifiedAt: DateTime, createUserId: Type.Optional(Type.String()) });

export const Application = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** URL of the application's image, or null. */
  icon: Nullable(Type.String()),
  owner: Owner,
  state: Literals(APPLICATION_STATES),
  links: Type.Object({ self: Type.String(), icon: Nullable(Type.String()) }),
  metadata: Metadata,
  /** Resources the application holds an access request for. */
  assetResources: Type.Object({ totalCount: Type.Integer() }),
  profiles: Type.Object({ totalCount: Type.Integer() }),
  /** What the caller may do with it (spec 2 §6: the tile menu needs the right on the owning team). */
  rights: Type.Object({ edit: Type.Boolean(), archive: Type.Boolean(), delete: Type.Boolean() }),
}, { description: 'An application; `fields` may leave out all but id.' });
export type Application = Static<typeof Application>;

export const ApplicationsQuery = Type.Object({
  states: Repeated(Literals(APPLICATION_STATES)),
  ownerIds: Repeated(Id),
  searchText: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(APPLICATION_SORTS)),
  ...Page,
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: APPLICATIONS_PAGE_SIZE })),
  fields: Fields,
}, Strict);
export type ApplicationsQuery = Static<typeof ApplicationsQuery>;

/** A data URL of the image; the decoded size limit is checked by the server (400 on `icon`). */
const IconInput = Type.String({ maxLength: Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100 });

export const ApplicationCreate = Type.Object({
  title: Type.String({ maxLength: NAME_MAX_LENGTH + 100 }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH + 100 })),
  icon: Type.Optional(Nullable(IconInput)),
  /** Required unless the caller has the global capability (an organisation Administrator). */
  owner: Type.Optional(OwnerInput),
}, Strict);
export type ApplicationCreate = Static<typeof ApplicationCreate>;

/** Owner is not editable. state 'archived' archives; icon null removes the image, absent keeps it. */
export const ApplicationUpdate = Type.Object({
  title: Type.String({ maxLength: NAME_MAX_LENGTH + 100 }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_LENGTH + 100 })),
  icon: Type.Optional(Nullable(IconInput)),
  state: Type.Optional(Literals(['active', 'archived'] as const)),
}, Strict);
export type ApplicationUpdate = Static<typeof ApplicationUpdate>;

export const Created = Type.Object({ id: Type.String() });

/** A resource an application holds an access request for (spec 2 §3 "Resource list item"). */
export const ApplicationResource = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Group (asset) title. */
  assetTitle: Nullable(Type.String()),
  version: Type.String(),
  type: Type.String(),
  stage: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
  product: Type.Object({ id: Type.String(), title: Type.String() }),
  productId: Type.String(),
  versionId: Type.String(),
  sourceResourceId: Nullable(Type.String()),
  status: Nullable(Type.String()),
  accessRequestDefinition: Nullable(Type.Object({ id: Type.String() })),
  accessRequest: Type.Object({ id: Type.String(), approvalState: Type.String() }),
  subscription: Type.Object({ id: Type.String(), title: Type.String() }),
  credentials: Type.Object({ totalCount: Type.Integer() }),
});
export const ApplicationResourcesQuery = Type.Object({
  assetResourceNameSearch: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  productId: Type.Optional(Id),
  sort: Type.Optional(Literals(APPLICATION_RESOURCE_SORTS)),
  ...Page,
}, Strict);

// ---------------------------------------------------------------- profiles

export const ApplicationProfileDefinition = Type.Object({ id: Type.String(), title: Type.String(), schema: Type.Unknown() });

export const ApplicationProfile = Type.Object({
  id: Type.String(),
  title: Type.String(),
  data: Type.Unknown(),
  definition: Type.Object({ id: Type.String(), title: Type.String() }),
  provisioning: Type.Object({ status: Literals(['pending', 'success', 'error'] as const) }),
  state: Literals(['active', 'deleting'] as const),
  metadata: Metadata,
  /** Access requests of the application that need this profile (its definition); delete is refused while > 0. */
  accessRequests: Type.Object({ totalCount: Type.Integer() }),
});
export type ApplicationProfile = Static<typeof ApplicationProfile>;

export const ProfilesQuery = Type.Object({
  definitionId: Type.Optional(Id),
  search: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(PROFILE_SORTS)),
  ...Page,
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: PROFILES_PAGE_SIZE })),
  fields: Fields,
}, Strict);

/** Whitespace-only titles are blanked; an empty title falls back to the definition's title. */
export const ProfileCreate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: PROFILE_TITLE_MAX_LENGTH + 50 })),
  definitionId: Id,
  /** Validated against the definition's JSON schema (400 naming `data.<field>`). */
  data: Type.Record(Type.String(), Type.Unknown()),
}, Strict);
export const ProfileUpdate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: PROFILE_TITLE_MAX_LENGTH + 50 })),
  data: Type.Record(Type.String(), Type.Unknown()),
}, Strict);

export const ApplicationParams = Type.Object({ id: Id });
export const ProfileParams = Type.Object({ id: Id, profileId: Id });

/** GET /applicationOwners: the owners the caller may choose for a new application (spec 2 §5):
 * Consumer teams where they hold the Administrator team role, after the consume_teams preference
 * (every Consumer team with the global capability), and their private team as a user owner
 * (type 'user', contextId = the team, private true), listed first. No query parameters. */
export const ApplicationOwners = Type.Object({ items: Type.Array(Owner), totalCount: Type.Integer({ minimum: 0 }) });
