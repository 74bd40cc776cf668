// The pages the account e-mails link to (server/src/auth/accountMail.ts): /verify-email confirms
// the address with the link's token as soon as it opens; /forgot-password asks for a reset link
// (the answer is the same whether an account uses the address); /reset-password sets a new one.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../api/context.ts';
import { isApiError } from '../../api/errors.ts';
import { requestPasswordReset, resetPassword, verifyEmail } from '../../api/account.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { ACCOUNT_CARD, AccountFrame, FormAlert, PasswordToggle, accountInput } from '../signin/accountForm.tsx';

export interface AccountLinksProps {
  view: 'verify' | 'forgot' | 'reset';
  token?: string;
}

function problem(error: unknown): { key: MessageKey; detail?: string } {
  if (!isApiError(error) || error.status === 0) return { key: 'common.error.network' };
  if (error.status === 429) return { key: 'account.tooMany' };
  if ((error.status === 404 || error.status === 400) && error.parameter === 'token') return { key: 'account.link.invalid' };
  return { key: 'account.failed', detail: error.detail };
}

const LINK = 'font-medium text-primary no-underline hover:underline';

export default function AccountLinks({ view, token }: AccountLinksProps) {
  return (
    <AccountFrame>
      <div className={ACCOUNT_CARD} data-account-view={view}>
        {view === 'verify' ? <Verify token={token ?? ''} /> : view === 'forgot' ? <Forgot /> : <Reset token={token ?? ''} />}
      </div>
    </AccountFrame>
  );
}

function Verify({ token }: { token: string }) {
  const { t } = useMessages('account');
  const api = useApi();
  const [state, setState] = useState<'working' | 'done' | { key: MessageKey; detail?: string }>(token ? 'working' : { key: 'account.link.invalid' });
  const sent = useRef(false);
  useEffect(() => {
    // Once per page: the token is single-use, so a second call (a re-render) would be refused.
    if (sent.current || !token) return;
    sent.current = true;
    verifyEmail(api, token).then(() => setState('done'), (error: unknown) => setState(problem(error)));
  }, [api, token]);
  return (
    <>
      <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('account.verify.title')}</h1>
      <p role="status" className="m-0 mt-4 text-sm text-gray-700" data-verify={typeof state === 'string' ? state : 'failed'}>
        {state === 'working' ? t('account.verify.working') : state === 'done' ? t('account.verify.done') : t(state.key, { detail: state.detail ?? '' })}
      </p>
      {state !== 'working' && <p className="m-0 mt-6 text-sm"><Link to="/" className={LINK}>{t('account.continue')}</Link></p>}
    </>
  );
}

function Forgot() {
  const { t } = useMessages('account');
  const api = useApi();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (error) alertRef.current?.focus(); }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(api, email.trim());
      setSent(email.trim());
    } catch (failure) {
      const { key, detail } = problem(failure);
      setError(t(key, { detail: detail ?? '' }));
    }
    setBusy(false);
  };

  return (
    <>
      <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('account.forgot.title')}</h1>
      {sent
        ? <p role="status" data-reset-sent="" className="m-0 mt-4 rounded-lg bg-info/10 px-3.5 py-2.5 text-sm text-info-ink">{t('account.forgot.sent', { email: sent })}</p>
        : (
          <>
            <p className="m-0 mt-1.5 text-sm text-gray-600">{t('account.forgot.intro')}</p>
            {error && <FormAlert alertRef={alertRef}>{error}</FormAlert>}
            <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy}>
              <div>
                <label htmlFor={`${id}-email`} className="mb-1.5 block text-sm font-medium text-gray-800">{t('account.email')}</label>
                <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} value={email}
                  onChange={(e) => setEmail(e.target.value)} className={accountInput(false)} />
              </div>
              <Button type="submit" busy={busy} className="h-11 w-full text-[15px]">{t('account.forgot.submit')}</Button>
            </form>
          </>
        )}
      <p className="m-0 mt-6 text-center text-sm"><Link to="/signin" className={LINK}>{t('account.signIn')}</Link></p>
    </>
  );
}

function Reset({ token }: { token: string }) {
  const { t } = useMessages('account');
  const api = useApi();
  const id = useId();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (error) alertRef.current?.focus(); }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(api, token, password);
      setDone(true);
    } catch (failure) {
      const { key, detail } = problem(failure);
      setError(t(key, { detail: detail ?? '' }));
    }
    setBusy(false);
  };

  return (
    <>
      <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('account.reset.title')}</h1>
      {done
        ? <p role="status" data-reset-done="" className="m-0 mt-4 rounded-lg bg-success/10 px-3.5 py-2.5 text-sm text-success-ink">{t('account.reset.done')}</p>
        : (
          <>
            {error && <FormAlert alertRef={alertRef}>{error}</FormAlert>}
            <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy}>
              <div>
                <label htmlFor={`${id}-password`} className="mb-1.5 block text-sm font-medium text-gray-800">{t('account.reset.password')}</label>
                <div className="relative">
                  <input id={`${id}-password`} name="password" type={shown ? 'text' : 'password'} autoComplete="new-password" required maxLength={1024}
                    value={password} onChange={(e) => setPassword(e.target.value)} className={accountInput(false, true)} />
                  <PasswordToggle shown={shown} onToggle={() => setShown((s) => !s)} />
                </div>
              </div>
              <Button type="submit" busy={busy} className="h-11 w-full text-[15px]">{t('account.reset.submit')}</Button>
            </form>
          </>
        )}
      <p className="m-0 mt-6 text-center text-sm"><Link to="/signin" className={LINK}>{t('account.signIn')}</Link></p>
    </>
  );
}
