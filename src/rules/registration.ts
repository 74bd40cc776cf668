// Self-service registration (settings.signup): what a new account's fields must be. The register
// screen checks these before sending and POST /auth/register refuses the same things, so a form
// the screen accepts is one the server accepts. Each check names the problem; the screen turns it
// into a message, the server into a 400 naming the field.
import {
  DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ORGANISATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH, PASSWORD_MIN_DISTINCT_CHARS, PASSWORD_MIN_LENGTH,
} from './constants.ts';

export type RegistrationField = 'email' | 'password' | 'name' | 'organisation';

export type RegistrationProblem =
  | 'required' | 'tooLong'
  | 'emailInvalid'
  | 'passwordTooShort' | 'passwordTooSimple' | 'passwordHasEmail';

export interface RegistrationInput {
  email: string;
  password: string;
  name: string;
  /** A new organisation's name; not asked when the user registers by invitation. */
  organisation?: string | undefined;
  /** The code of an invitation into an existing organisation. */
  invitation?: string | undefined;
}

// One '@', something on both sides, a dot in the domain, no spaces: what mail systems take,
// without pretending to check every corner of RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function emailProblem(email: string): RegistrationProblem | null {
  const value = email.trim();
  if (!value) return 'required';
  if (value.length > EMAIL_MAX_LENGTH) return 'tooLong';
  return EMAIL.test(value) ? null : 'emailInvalid';
}

/** Length first (what makes a password hard to guess), then two cheap guards against the most
 * guessable long ones: a few characters repeated, and the e-mail address itself. */
export function passwordProblem(password: string, email = ''): RegistrationProblem | null {
  if (!password) return 'required';
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (new Set(password).size < PASSWORD_MIN_DISTINCT_CHARS) return 'passwordTooSimple';
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local)) return 'passwordHasEmail';
  return null;
}

function textProblem(value: string, max: number): RegistrationProblem | null {
  const text = value.trim();
  if (!text) return 'required';
  return text.length > max ? 'tooLong' : null;
}

/** Every field's problem, in the order of the form (empty when the input may be sent). */
export function registrationProblems(input: RegistrationInput): Array<[RegistrationField, RegistrationProblem]> {
  const checks: Array<[RegistrationField, RegistrationProblem | null]> = [
    ['name', textProblem(input.name, DISPLAY_NAME_MAX_LENGTH)],
    ['email', emailProblem(input.email)],
    ['password', passwordProblem(input.password, input.email)],
    ['organisation', input.invitation ? null : textProblem(input.organisation ?? '', ORGANISATION_NAME_MAX_LENGTH)],
  ];
  return checks.filter((c): c is [RegistrationField, RegistrationProblem] => c[1] !== null);
}
