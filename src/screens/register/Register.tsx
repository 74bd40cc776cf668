// Self-service registration against POST /auth/register (settings.signup): name, e-mail, password
// and the new organisation. The checks of src/rules/registration.ts run before sending (the server
// runs the same ones); the server's answers land on the field they name. Registered, the user is
// signed in and returns to where they came from (returnTo). With signup off the screen says
// registration is closed and where to go instead. With an invitation's code (?invitation=, the
// link an organisation's administrator shares) the user joins that organisation instead of
// creating one, signup on or off; an unusable code says so.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useApi } from '../../api/context.ts';
import { isApiError } from '../../api/errors.ts';
import { siteName, useMarketplace } from '../../api/marketplace.ts';
import { useInvitationLookup, type InvitationLookup } from '../../api/invitations.ts';
import { register } from '../../api/register.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import {
  DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ORGANISATION_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH,
} from '../../rules/constants.ts';
import { registrationProblems, type RegistrationField, type RegistrationProblem } from '../../rules/registration.ts';
import { registerPath, safeReturnTo, signInPath } from '../../rules/routes.ts';
import { Link, pageOrigin, useReturnTo } from '../../router/context.tsx';
import type { RegisterProps } from '../../router/screens.ts';
import { Button } from '../../ui/Button.tsx';
import { ACCOUNT_CARD, AccountFrame, FormAlert, PasswordToggle, accountInput } from '../signin/accountForm.tsx';

const FIELDS: readonly RegistrationField[] = ['name', 'email', 'password', 'organisation'];

const PROBLEM: Record<RegistrationProblem, MessageKey> = {
  required: 'register.error.required',
  tooLong: 'register.error.tooLong',
  emailInvalid: 'register.error.emailInvalid',
  passwordTooShort: 'register.error.passwordTooShort',
  passwordTooSimple: 'register.error.passwordTooSimple',
  passwordHasEmail: 'register.error.passwordHasEmail',
};

const MAX: Record<RegistrationField, number> = {
  name: DISPLAY_NAME_MAX_LENGTH, email: EMAIL_MAX_LENGTH, password: PASSWORD_MAX_LENGTH, organisation: ORGANISATION_NAME_MAX_LENGTH,
};

/** A field's error: a message key of ours, or the server's own words for it. */
type FieldError = { key: MessageKey } | { text: string };
type FieldErrors = Partial<Record<RegistrationField, FieldError>>;

/** The registration card is a little wider than sign-in's: it has more to say. */
function Frame({ children }: { children: ReactNode }) {
  return <AccountFrame wide>{children}</AccountFrame>;
}

export default function Register({ returnTo, invitation }: RegisterProps) {
  const { t } = useMessages('register');
  const { data: marketplace } = useMarketplace();
  const settings = marketplace?.settings;
  const signIn = signInPath(safeReturnTo(returnTo, pageOrigin()), pageOrigin());
  const code = invitation?.trim() || null;
  const invited = useInvitationLookup(code);

  if (code) {
    if (invited.error) {
      return (
        <Closed title={t('register.invitation.invalidTitle')} message={t('register.invitation.invalid')} signIn={signIn}>
          {settings?.signup && <Link to={registerPath(safeReturnTo(returnTo, pageOrigin()), pageOrigin())} className="font-medium text-primary no-underline hover:underline">{t('register.create')}</Link>}
        </Closed>
      );
    }
    if (!invited.data) return <Frame><div className={ACCOUNT_CARD} aria-busy="true" data-register-loading="" /></Frame>;
    return <RegisterForm returnTo={returnTo} site={siteName(settings)} signIn={signIn} invitation={{ code, ...invited.data }} />;
  }
  if (settings && !settings.signup) {
    return <Closed title={t('register.closed.title')} message={t('register.closed.message', { site: siteName(settings) })} signIn={signIn} />;
  }
  return <RegisterForm returnTo={returnTo} site={siteName(settings)} signIn={signIn} />;
}

function Closed({ title, message, signIn, children }: { title: string; message: string; signIn: string; children?: ReactNode }) {
  const { t } = useMessages('register');
  return (
    <Frame>
      <div className={ACCOUNT_CARD} data-register-closed="">
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        <p className="m-0 mt-3 text-sm text-gray-700">{message}</p>
        <p className="m-0 mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link to={signIn} className="font-medium text-primary no-underline hover:underline">{t('register.haveAccount')}</Link>
          {children}
        </p>
      </div>
    </Frame>
  );
}

type Invited = InvitationLookup & { code: string };

function RegisterForm({ returnTo, site, signIn, invitation }: { returnTo?: string; site: string; signIn: string; invitation?: Invited }) {
  const { t } = useMessages('register');
  const api = useApi();
  const goBack = useReturnTo();
  const id = useId();
  const [values, setValues] = useState<Record<RegistrationField, string>>({ name: '', email: invitation?.email ?? '', password: '', organisation: '' });
  // By invitation the organisation exists: the field goes, and an address the invitation names is fixed.
  const fields = invitation ? FIELDS.filter((f) => f !== 'organisation') : FIELDS;
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const refs: Record<RegistrationField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null), organisation: useRef<HTMLInputElement>(null),
  };

  useEffect(() => { refs.name.current?.focus(); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (formError) alertRef.current?.focus(); }, [formError]);

  const set = (field: RegistrationField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const [field, problem] of registrationProblems({ ...values, invitation: invitation?.code })) found[field] ??= { key: PROBLEM[problem] };
    setErrors(found);
    setFormError(null);
    const first = fields.find((f) => found[f]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    try {
      const joining = invitation ? { invitation: invitation.code } : { organisation: values.organisation.trim() };
      await register(api, { name: values.name.trim(), email: values.email.trim(), password: values.password, ...joining });
      goBack(returnTo);
    } catch (error) {
      setBusy(false);
      const field = isApiError(error) ? fields.find((f) => f === error.parameter) : undefined;
      if (isApiError(error) && field && (error.status === 400 || error.status === 409)) {
        setErrors({ [field]: error.status === 409 ? { key: 'register.error.emailTaken' } : { text: error.detail } });
        refs[field].current?.focus();
        return;
      }
      if (!isApiError(error) || error.status === 0) setFormError(t('common.error.network'));
      else if (error.status === 403) setFormError(t('register.closed.title'));
      else if (error.status === 429) setFormError(t('shell.signin.tooMany'));
      else setFormError(t('register.failed', { detail: error.detail }));
    }
  }

  const errorText = (field: RegistrationField) => {
    const e = errors[field];
    if (!e) return null;
    return 'key' in e ? t(e.key, { min: PASSWORD_MIN_LENGTH, max: MAX[field] }) : e.text;
  };

  const field = (name: RegistrationField, input: { type?: string; autoComplete: string; inputMode?: 'email' }, hint?: string) => {
    const error = errorText(name);
    const described = [hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
    const isPassword = name === 'password';
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-medium text-gray-800">{t(`register.field.${name}` as MessageKey)}</label>
        <div className="relative">
          <input
            ref={refs[name]}
            id={`${id}-${name}`}
            name={name}
            type={isPassword ? (showPassword ? 'text' : 'password') : input.type ?? 'text'}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            autoCapitalize={name === 'email' ? 'none' : undefined}
            spellCheck={name === 'email' || isPassword ? false : undefined}
            maxLength={MAX[name]}
            required
            readOnly={name === 'email' && !!invitation?.email}
            value={values[name]}
            onChange={(e) => set(name)(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={accountInput(!!error, isPassword)}
          />
          {isPassword && <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((s) => !s)} />}
        </div>
        {hint && <p id={`${id}-${name}-hint`} className="m-0 mt-1.5 text-xs text-gray-600">{hint}</p>}
        {error && <p id={`${id}-${name}-error`} className="m-0 mt-1.5 text-sm text-danger" data-field-error={name}>{error}</p>}
      </div>
    );
  };

  return (
    <Frame>
      <div className={ACCOUNT_CARD}>
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">
          {invitation ? t('register.invitation.title', { organisation: invitation.organisation.name, site }) : t('register.title', { site })}
        </h1>
        <p className="m-0 mt-1.5 text-sm text-gray-600" data-register-invitation={invitation ? '' : undefined}>
          {invitation
            ? invitation.team
              ? t('register.invitation.subtitleTeam', { organisation: invitation.organisation.name, team: invitation.team.name })
              : t('register.invitation.subtitle', { organisation: invitation.organisation.name })
            : t('register.subtitle')}
        </p>
        {formError && <FormAlert alertRef={alertRef}>{formError}</FormAlert>}
        <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy}>
          {field('name', { autoComplete: 'name' })}
          {field('email', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {field('password', { autoComplete: 'new-password' }, t('register.passwordHint', { min: PASSWORD_MIN_LENGTH }))}
          {!invitation && field('organisation', { autoComplete: 'organization' }, t('register.organisationHint'))}
          <Button type="submit" busy={busy} className="h-11 w-full text-[15px]">{t('register.submit')}</Button>
        </form>
        <p className="m-0 mt-6 text-center text-sm text-gray-600">
          {t('register.haveAccountQuestion')}{' '}
          <Link to={signIn} className="font-medium text-primary no-underline hover:underline">{t('register.signIn')}</Link>
        </p>
      </div>
    </Frame>
  );
}
