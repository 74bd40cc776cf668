// Self-service registration contract (POST /auth/register, when settings.signup is on). Lengths
// here; what the text must be (a real e-mail address, a strong enough password) is
// src/rules/registration.ts, checked by the route and by the register screen alike.
import { Type, type Static } from '@sinclair/typebox';
import {
  DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ORGANISATION_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH,
} from '../../../src/rules/constants.ts';
import { InvitationCode } from './invitations.ts';

export const RegisterBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH, description: 'e-mail address, the user name to sign in with' }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  /** display name */
  name: Type.String({ minLength: 1, maxLength: DISPLAY_NAME_MAX_LENGTH }),
  /** the new organisation's name: the user becomes its Administrator (required without an invitation) */
  organisation: Type.Optional(Type.String({ minLength: 1, maxLength: ORGANISATION_NAME_MAX_LENGTH })),
  /** the code of an invitation: the user joins the inviting organisation instead (schemas/invitations.ts) */
  invitation: Type.Optional(InvitationCode),
}, { additionalProperties: false });
export type RegisterBody = Static<typeof RegisterBody>;
