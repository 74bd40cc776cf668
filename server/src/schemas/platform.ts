// Platform look-ups (spec 3 §7.4): teams of the caller's organisation and its users.
import { Type, type Static } from '@sinclair/typebox';
import { Id, List, Repeated } from './common.ts';
import { MAX_PAGE_LIMIT } from '../../../src/rules/constants.ts';

export const Team = Type.Object({
  guid: Type.String(),
  name: Type.String(),
  /** the tag 'private' marks a user's private team */
  tags: Type.Array(Type.String()),
  /** consumer | provider */
  type: Type.String(),
  /** the caller's roles in this team (empty when not a member) */
  roles: Type.Array(Type.String()),
  memberCount: Type.Integer(),
});
export type Team = Static<typeof Team>;
export const TeamList = List(Team);
export type TeamList = Static<typeof TeamList>;

export const TeamQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: MAX_PAGE_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  /** only teams the caller belongs to */
  member: Type.Optional(Type.Boolean()),
  /** teams carrying any of these tags */
  tag: Repeated(Type.String({ minLength: 1, maxLength: 100 })),
  /** case-insensitive part of the name */
  search: Type.Optional(Type.String({ maxLength: 100 })),
}, { additionalProperties: false });
export type TeamQuery = Static<typeof TeamQuery>;

export const PlatformUser = Type.Object({
  user_guid: Type.String(),
  name: Type.String(),
  email: Type.String(),
  org_id: Type.String(),
});
export type PlatformUser = Static<typeof PlatformUser>;
export const PlatformUserList = List(PlatformUser);
export type PlatformUserList = Static<typeof PlatformUserList>;

export const OrgUserParams = Type.Object({ orgId: Id });
export const OrgUserQuery = Type.Object({
  /** users to look up (repeated); all users of the organisation, paged, when absent */
  user_guid: Repeated(Id),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: MAX_PAGE_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
}, { additionalProperties: false });
export type OrgUserQuery = Static<typeof OrgUserQuery>;
