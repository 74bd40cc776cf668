// Sign-in against POST /auth/signin. On success the visitor returns to where they were
// (returnTo: a path of this portal, or the same-origin host page of a stand-alone element). Errors are announced and focus moves to them.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { signIn } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { isApiError } from '../../api/errors.ts';
import { siteName, useMarketplace } from '../../api/marketplace.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { registerPath, safeReturnTo } from '../../rules/routes.ts';
import { Link, pageOrigin, useReturnTo } from '../../router/context.tsx';
import type { SignInProps } from '../../router/screens.ts';
import { Button } from '../../ui/Button.tsx';
import { ACCOUNT_CARD, AccountFrame, FormAlert, PasswordToggle, accountInput } from './accountForm.tsx';

type FieldErrors = Partial<Record<'username' | 'password', MessageKey>>;

function errorKey(error: unknown): { key: MessageKey; detail?: string } {
  if (!isApiError(error)) return { key: 'common.error.network' };
  if (error.status === 0) return { key: 'common.error.network' };
  if (error.status === 400 || error.status === 401) return { key: 'shell.signin.invalid' };
  if (error.status === 429) return { key: 'shell.signin.tooMany' };
  if (error.status === 404 || error.status === 501) return { key: 'shell.signin.unavailable' };
  return { key: 'shell.signin.failed', detail: error.detail };
}

export default function SignIn({ returnTo, reason }: SignInProps) {
  const { t } = useMessages();
  const api = useApi();
  const goBack = useReturnTo();
  const { data: marketplace } = useMarketplace();
  const settings = marketplace?.settings;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    userRef.current?.focus();
  }, []);

  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'shell.signin.usernameRequired';
    if (!password) errors.password = 'shell.signin.passwordRequired';
    setFieldErrors(errors);
    setFormError(null);
    if (errors.username) return userRef.current?.focus();
    if (errors.password) return passRef.current?.focus();
    setBusy(true);
    try {
      await signIn(api, { username: username.trim(), password });
      goBack(returnTo);
    } catch (error) {
      const { key, detail } = errorKey(error);
      setFormError(t(key, { detail: detail ?? '' }));
      setPassword('');
      setBusy(false);
    }
  }

  const describe = (field: 'username' | 'password') => (fieldErrors[field] ? `${id}-${field}-error` : undefined);

  return (
    <AccountFrame>
      <div className={ACCOUNT_CARD}>
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">
          {t('shell.signin.title', { site: siteName(settings) })}
        </h1>
        <p className="m-0 mt-1.5 text-sm text-gray-600">{t('shell.signin.subtitle')}</p>

        {reason === 'expired' && !formError && (
          <p role="status" className="m-0 mt-5 rounded-lg bg-info/10 px-3.5 py-2.5 text-sm text-info-ink">
            {t('shell.signin.expired')}
          </p>
        )}
        {settings && !settings.public && reason !== 'expired' && (
          <p className="m-0 mt-5 rounded-lg bg-container px-3.5 py-2.5 text-sm text-gray-700">{t('shell.signin.privateNotice')}</p>
        )}
        {formError && <FormAlert alertRef={alertRef}>{formError}</FormAlert>}

        <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy}>
          <div>
            <label htmlFor={`${id}-username`} className="mb-1.5 block text-sm font-medium text-gray-800">
              {t('shell.signin.username')}
            </label>
            <input
              ref={userRef}
              id={`${id}-username`}
              name="username"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={320}
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={fieldErrors.username ? true : undefined}
              aria-describedby={describe('username')}
              className={accountInput(!!fieldErrors.username)}
            />
            {fieldErrors.username && (
              <p id={`${id}-username-error`} className="m-0 mt-1.5 text-sm text-danger">{t(fieldErrors.username)}</p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="mb-1.5 block text-sm font-medium text-gray-800">
              {t('shell.signin.password')}
            </label>
            <div className="relative">
              <input
                ref={passRef}
                id={`${id}-password`}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                maxLength={1024}
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={describe('password')}
                className={accountInput(!!fieldErrors.password, true)}
              />
              <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((s) => !s)} />
            </div>
            {fieldErrors.password && (
              <p id={`${id}-password-error`} className="m-0 mt-1.5 text-sm text-danger">{t(fieldErrors.password)}</p>
            )}
          </div>
          <Button type="submit" busy={busy} className="h-11 w-full text-[15px]">
            {t('shell.signin.submit')}
          </Button>
        </form>
        <p className="m-0 mt-4 text-center text-sm">
          <Link to="/forgot-password" data-forgot="" className="font-medium text-primary no-underline hover:underline">{t('shell.signin.forgot')}</Link>
        </p>
        {/* Only a marketplace that takes registrations offers one; others send people to their administrator. */}
        {settings && (
          <p className="m-0 mt-6 text-center text-sm text-gray-600" data-signup={settings.signup ? 'open' : 'closed'}>
            {settings.signup
              ? <>{t('register.noAccount')}{' '}<Link to={registerPath(safeReturnTo(returnTo, pageOrigin()), pageOrigin())} className="font-medium text-primary no-underline hover:underline">{t('register.create')}</Link></>
              : t('shell.signin.register')}
          </p>
        )}
      </div>
      {settings?.public && (
        <p className="m-0 mt-6 text-center text-sm">
          <Link to="/" className="font-medium text-primary no-underline hover:underline">{t('shell.signin.continueBrowsing')}</Link>
        </p>
      )}
    </AccountFrame>
  );
}
