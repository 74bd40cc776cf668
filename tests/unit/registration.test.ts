// The registration rules the register screen and POST /auth/register share.
import { describe, expect, it } from 'vitest';
import { emailProblem, passwordProblem, registrationProblems } from '../../src/rules/registration.ts';
import { PASSWORD_MIN_LENGTH } from '../../src/rules/constants.ts';

describe('registration rules', () => {
  it('takes ordinary addresses and refuses what mail systems would not', () => {
    for (const ok of ['a@b.co', 'nina.novak+api@mail.initech.test', '  padded@x.io ']) expect(emailProblem(ok), ok).toBeNull();
    expect(emailProblem('')).toBe('required');
    for (const bad of ['nina', 'nina@', '@initech.test', 'nina@localhost', 'ni na@x.io', 'a@b..c', 'a@@b.c']) expect(emailProblem(bad), bad).toBe('emailInvalid');
    expect(emailProblem(`${'x'.repeat(250)}@x.io`)).toBe('tooLong');
  });

  it(`asks for ${PASSWORD_MIN_LENGTH} characters, a few different ones, and not the e-mail`, () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('passwordTooShort');
    expect(passwordProblem('1212121212')).toBe('passwordTooSimple');
    expect(passwordProblem('nina.novak-2024!', 'Nina.Novak@initech.test')).toBe('passwordHasEmail');
    expect(passwordProblem('tangerine-sofa-42', 'nina@initech.test')).toBeNull();
    // a short local part ('jo') is too common a substring to refuse on
    expect(passwordProblem('jo-tangerine-42', 'jo@initech.test')).toBeNull();
  });

  it('lists every field\'s problem in the order of the form', () => {
    expect(registrationProblems({ name: ' ', email: 'x', password: 'short', organisation: '' }))
      .toEqual([['name', 'required'], ['email', 'emailInvalid'], ['password', 'passwordTooShort'], ['organisation', 'required']]);
    expect(registrationProblems({ name: 'Nina', email: 'nina@initech.test', password: 'tangerine-sofa-42', organisation: 'Initech' })).toEqual([]);
  });
});
