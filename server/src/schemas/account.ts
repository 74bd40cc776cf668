// Account e-mails (issue 33): confirm an address, ask for a link again, reset a password.
import { Type } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../src/rules/constants.ts';

/** A link's token: 32 random bytes, base64url (43 characters). */
export const AccountToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

export const TokenBody = Type.Object({ token: AccountToken }, { additionalProperties: false });

export const EmailBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }) }, { additionalProperties: false });

export const ResetPasswordBody = Type.Object({
  token: AccountToken,
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
}, { additionalProperties: false });

/** The answer to a request for a link: the same whether an account holds the address or not. */
export const LinkRequested = Type.Object({ status: Type.Literal('requested') });

/** Whether the signed-in user's address is confirmed, and whether that is asked for at all. */
export const VerificationState = Type.Object({ verified: Type.Boolean(), required: Type.Boolean() });
