// Invitations to register into an organisation (an addition of ours to the registration of
// spec 3 §3 signup): its Administrator creates one, shares the link carrying its code, and
// POST /auth/register takes the code instead of a new organisation's name.
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../../../src/rules/constants.ts';
import { Id } from './common.ts';

export const INVITATION_STATES = ['pending', 'accepted', 'expired'] as const;

/** The code of an invitation: 32 random bytes, base64url (43 characters). */
export const InvitationCode = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

export const InvitationCreateBody = Type.Object({
  /** The address the invitee must register with; absent: anyone holding the link. */
  email: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH })),
  /** A consumer team of the organisation the invitee joins (consumer, developer); absent: a private team of their own. */
  team: Type.Optional(Type.Object({ id: Id }, { additionalProperties: false })),
}, { additionalProperties: false });
export type InvitationCreateBody = Static<typeof InvitationCreateBody>;

export const Invitation = Type.Object({
  id: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  team: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  state: Type.Union(INVITATION_STATES.map((s) => Type.Literal(s))),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  acceptedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Invitation = Static<typeof Invitation>;

/** The answer to its creation: the only time the code is given out. */
export const InvitationCreated = Type.Composite([Invitation, Type.Object({ code: Type.String() })]);
export type InvitationCreated = Static<typeof InvitationCreated>;

export const InvitationLookupQuery = Type.Object({ code: InvitationCode }, { additionalProperties: false });

/** What the register screen shows to the holder of a valid code. */
export const InvitationLookup = Type.Object({
  organisation: Type.Object({ name: Type.String() }),
  email: Type.Union([Type.String(), Type.Null()]),
  team: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type InvitationLookup = Static<typeof InvitationLookup>;
