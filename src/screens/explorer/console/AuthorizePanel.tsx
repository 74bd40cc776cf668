// The console's Authorize side panel (spec 2 "API console"): authorization type, origin of the
// credentials (typed in, or one of the user's own applications and credentials), the grant type
// with the URLs it takes (optional overrides), scopes. Applying runs the OAuth 2 flow when a
// token is still needed; every later try-it call carries the result (rules/consoleAuth.ts).
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../../../api/context.ts';
import { useConsoleCredentials, type ConsoleChoices } from '../../../api/explorer.ts';
import { useMessages, type MessageKey } from '../../../i18n/intl.ts';
import {
  authProblem, isCredentialSelectable, needsToken, offersAuthorizationUrl, offersTokenUrl,
  type AuthOption, type ConsoleAuth, type GrantType,
} from '../../../rules/consoleAuth.ts';
import { useSignedIn } from '../../../state/store.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { SidePanel } from '../../../ui/SidePanel.tsx';
import { cx } from '../../../ui/tone.ts';
import { useConsole } from './context.tsx';
import { obtainToken } from './oauth.ts';

const INPUT = 'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:bg-gray-100 disabled:text-gray-500';

function Field({ label, hint, children, id }: { label: ReactNode; hint?: ReactNode; children: ReactNode; id: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">{label}</label>
      {children}
      {hint && <p className="m-0 text-xs text-gray-500">{hint}</p>}
    </div>
  );
}

const KIND_LABEL: Record<AuthOption['kind'], MessageKey> = {
  none: 'explorer.auth.kind.none', apiKey: 'explorer.auth.kind.apiKey', basic: 'explorer.auth.kind.basic',
  bearer: 'explorer.auth.kind.bearer', oauth2: 'explorer.auth.kind.oauth2',
};

const GRANT_LABEL: Record<GrantType, MessageKey> = {
  implicit: 'explorer.auth.grant.implicit', authorizationCode: 'explorer.auth.grant.authorizationCode',
  authorization_code: 'explorer.auth.grant.authorizationCode', accessCode: 'explorer.auth.grant.accessCode',
  clientCredentials: 'explorer.auth.grant.clientCredentials', application: 'explorer.auth.grant.application',
  password: 'explorer.auth.grant.password',
};

function initialDraft(auth: ConsoleAuth | null, option: AuthOption | undefined): ConsoleAuth {
  if (auth) return { ...auth };
  return { optionId: option?.id ?? 'none', origin: 'external', ...(option?.flows?.[0] ? { grant: option.flows[0].grant } : {}) };
}

export function AuthorizePanel() {
  const { t } = useMessages('explorer');
  const api = useApi();
  const signedIn = useSignedIn();
  const { options, auth, setAuth, authorizeOpen, setAuthorizeOpen, tryIt, resourceId } = useConsole();
  const firstDeclared = options.find((o) => o.declared) ?? options[1];
  const [draft, setDraft] = useState<ConsoleAuth>(() => initialDraft(auth, firstDeclared));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  const option = options.find((o) => o.id === draft.optionId);
  // Spec 2 "API console": the caller's applications with an approved access request for this
  // resource and their credentials; only active, successfully provisioned ones may be chosen.
  const credentials = useConsoleCredentials(resourceId, authorizeOpen && signedIn);
  const internalAvailable = !!credentials.data && credentials.data.credentials.some(isCredentialSelectable);
  const problem = authProblem(option, draft);
  const set = (patch: Partial<ConsoleAuth>) => setDraft((d) => ({ ...d, ...patch }));

  const chooseOption = (id: string) => {
    const next = options.find((o) => o.id === id);
    setDraft((d) => ({ optionId: id, origin: d.origin, ...(next?.flows?.[0] ? { grant: next.flows[0].grant } : {}) }));
  };

  const apply = async () => {
    setError(null);
    if (!option || option.kind === 'none') {
      setAuth(null);
      setAuthorizeOpen(false);
      return;
    }
    let next = draft;
    if (needsToken(option, draft)) {
      setBusy(true);
      const result = await obtainToken(api, tryIt, option, draft).finally(() => setBusy(false));
      if (!result.ok) {
        setError(result.problem === 'token'
          ? t('explorer.auth.error.token', { detail: result.detail ?? '' })
          : t(`explorer.auth.error.${result.problem}` as MessageKey));
        return;
      }
      next = { ...draft, accessToken: result.token };
    }
    setAuth(next);
    setAuthorizeOpen(false);
  };

  const logout = () => {
    setAuth(null);
    setDraft(initialDraft(null, firstDeclared));
  };

  const flows = option?.flows ?? [];
  const flow = flows.find((f) => f.grant === draft.grant);

  return (
    <SidePanel
      open={authorizeOpen}
      onClose={() => setAuthorizeOpen(false)}
      title={t('explorer.auth.title')}
      subtitle={t('explorer.auth.subtitle')}
      footer={(
        <>
          {auth && <Button variant="ghost" onClick={logout} data-action="logout">{t('explorer.auth.logout')}</Button>}
          <Button variant="secondary" onClick={() => setAuthorizeOpen(false)}>{t('explorer.auth.cancel')}</Button>
          <Button onClick={() => void apply()} disabled={problem !== null} busy={busy} data-action="authorize">
            {needsToken(option, draft) ? t('explorer.auth.getToken') : t('explorer.auth.apply')}
          </Button>
        </>
      )}
    >
      <form className="flex flex-col gap-5" onSubmit={(e) => { e.preventDefault(); if (problem === null) void apply(); }} data-part="authorize">
        <Field id={`${ids}-type`} label={t('explorer.auth.type')} hint={option?.description}>
          <select id={`${ids}-type`} className={INPUT} value={draft.optionId} onChange={(e) => chooseOption(e.target.value)}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.declared ? `${o.id} — ${t(KIND_LABEL[o.kind])}` : t(KIND_LABEL[o.kind])}
              </option>
            ))}
          </select>
        </Field>

        {option && option.kind !== 'none' && (
          <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
            <legend className="mb-1 text-sm font-medium text-gray-800">{t('explorer.auth.origin')}</legend>
            <Origin
              value="external" current={draft.origin} onChange={() => set({ origin: 'external' })}
              label={t('explorer.auth.origin.external')} hint={t('explorer.auth.origin.externalHint')}
            />
            <Origin
              value="internal" current={draft.origin} onChange={() => set({ origin: 'internal' })} disabled={!internalAvailable}
              label={t('explorer.auth.origin.internal')}
              hint={!signedIn ? t('explorer.auth.internal.signIn')
                : credentials.isLoading ? t('explorer.auth.internal.loading')
                : credentials.error ? t('explorer.auth.internal.unavailable')
                : internalAvailable ? t('explorer.auth.origin.internalHint') : t('explorer.auth.internal.none')}
            />
          </fieldset>
        )}

        {option && option.kind !== 'none' && draft.origin === 'internal' && internalAvailable && (
          <InternalFields choices={credentials.data!} draft={draft} set={set} idBase={ids} />
        )}

        {option && draft.origin === 'external' && option.kind === 'apiKey' && (
          <>
            <Field id={`${ids}-keyname`} label={t('explorer.auth.apiKeyName')}
              hint={t(`explorer.auth.apiKeyIn.${draft.apiKeyIn ?? option.in ?? 'header'}` as MessageKey)}>
              <input id={`${ids}-keyname`} className={INPUT} value={draft.apiKeyName ?? option.name ?? ''} disabled={option.declared}
                onChange={(e) => set({ apiKeyName: e.target.value })} />
            </Field>
            {!option.declared && (
              <Field id={`${ids}-keyin`} label={t('explorer.auth.apiKeyLocation')}>
                <select id={`${ids}-keyin`} className={INPUT} value={draft.apiKeyIn ?? 'header'} onChange={(e) => set({ apiKeyIn: e.target.value as ConsoleAuth['apiKeyIn'] })}>
                  {(['header', 'query', 'cookie'] as const).map((w) => <option key={w} value={w}>{t(`explorer.auth.location.${w}` as MessageKey)}</option>)}
                </select>
              </Field>
            )}
            <Field id={`${ids}-key`} label={t('explorer.auth.apiKey')}>
              <input id={`${ids}-key`} className={INPUT} type="password" autoComplete="off" value={draft.apiKey ?? ''} onChange={(e) => set({ apiKey: e.target.value })} data-field="apiKey" />
            </Field>
          </>
        )}

        {option && draft.origin === 'external' && option.kind === 'bearer' && (
          <Field id={`${ids}-token`} label={t('explorer.auth.token')}>
            <input id={`${ids}-token`} className={INPUT} type="password" autoComplete="off" value={draft.token ?? ''} onChange={(e) => set({ token: e.target.value })} data-field="token" />
          </Field>
        )}

        {option && draft.origin === 'external' && (option.kind === 'basic' || (option.kind === 'oauth2' && draft.grant === 'password')) && (
          <>
            <Field id={`${ids}-user`} label={t('explorer.auth.username')}>
              <input id={`${ids}-user`} className={INPUT} autoComplete="off" value={draft.username ?? ''} onChange={(e) => set({ username: e.target.value })} data-field="username" />
            </Field>
            <Field id={`${ids}-password`} label={t('explorer.auth.password')}>
              <input id={`${ids}-password`} className={INPUT} type="password" autoComplete="off" value={draft.password ?? ''} onChange={(e) => set({ password: e.target.value })} data-field="password" />
            </Field>
          </>
        )}

        {option && draft.origin === 'external' && option.kind === 'oauth2' && (
          <>
            <Field id={`${ids}-grant`} label={t('explorer.auth.grant')}>
              <select id={`${ids}-grant`} className={INPUT} value={draft.grant ?? ''} onChange={(e) => set({ grant: e.target.value as GrantType, accessToken: undefined })} data-field="grant">
                {flows.map((f) => <option key={f.grant} value={f.grant}>{t(GRANT_LABEL[f.grant])}</option>)}
              </select>
            </Field>
            <Field id={`${ids}-client`} label={t('explorer.auth.clientId')}>
              <input id={`${ids}-client`} className={INPUT} autoComplete="off" value={draft.clientId ?? ''} onChange={(e) => set({ clientId: e.target.value })} data-field="clientId" />
            </Field>
            {draft.grant !== 'implicit' && (
              <Field id={`${ids}-secret`} label={t('explorer.auth.clientSecret')}>
                <input id={`${ids}-secret`} className={INPUT} type="password" autoComplete="off" value={draft.clientSecret ?? ''} onChange={(e) => set({ clientSecret: e.target.value })} data-field="clientSecret" />
              </Field>
            )}
            {offersAuthorizationUrl(draft.grant) && (
              <Field id={`${ids}-authurl`} label={t('explorer.auth.authorizationUrl')} hint={flow?.authorizationUrl ? t('explorer.auth.declaredUrl', { url: flow.authorizationUrl }) : t('explorer.auth.urlRequired')}>
                <input id={`${ids}-authurl`} className={INPUT} type="url" placeholder={flow?.authorizationUrl ?? 'https://'} value={draft.authorizationUrl ?? ''} onChange={(e) => set({ authorizationUrl: e.target.value })} data-field="authorizationUrl" />
              </Field>
            )}
            {offersTokenUrl(draft.grant) && (
              <Field id={`${ids}-tokenurl`} label={t('explorer.auth.tokenUrl')} hint={flow?.tokenUrl ? t('explorer.auth.declaredUrl', { url: flow.tokenUrl }) : t('explorer.auth.urlRequired')}>
                <input id={`${ids}-tokenurl`} className={INPUT} type="url" placeholder={flow?.tokenUrl ?? 'https://'} value={draft.tokenUrl ?? ''} onChange={(e) => set({ tokenUrl: e.target.value })} data-field="tokenUrl" />
              </Field>
            )}
            {draft.grant === 'password' && !offersTokenUrl(draft.grant) && (
              <Field id={`${ids}-tokenurl2`} label={t('explorer.auth.tokenUrl')} hint={flow?.tokenUrl ? t('explorer.auth.declaredUrl', { url: flow.tokenUrl }) : t('explorer.auth.urlRequired')}>
                <input id={`${ids}-tokenurl2`} className={INPUT} type="url" placeholder={flow?.tokenUrl ?? 'https://'} value={draft.tokenUrl ?? ''} onChange={(e) => set({ tokenUrl: e.target.value })} />
              </Field>
            )}
            {(flow?.scopes.length ?? 0) > 0 && (
              <fieldset className="m-0 border-0 p-0">
                <legend className="mb-1 text-sm font-medium text-gray-800">{t('explorer.auth.scopes')}</legend>
                <div className="flex flex-col gap-1">
                  {flow!.scopes.map((scope) => (
                    <label key={scope} className="flex items-center gap-2 text-sm text-gray-700">
                      <input type="checkbox" className="h-4 w-4 accent-[var(--agora-primary)]"
                        checked={draft.scopes?.includes(scope) ?? false}
                        onChange={(e) => set({ scopes: e.target.checked ? [...(draft.scopes ?? []), scope] : (draft.scopes ?? []).filter((s) => s !== scope) })} />
                      <code className="font-mono text-xs">{scope}</code>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {tryIt.mock && <p className="m-0 text-xs text-gray-500">{t('explorer.auth.mockOAuth')}</p>}
          </>
        )}

        {problem && option?.kind !== 'none' && (
          <p className="m-0 text-xs text-gray-500" data-problem={problem}>{t(`explorer.auth.problem.${problem}` as MessageKey)}</p>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
        {auth && <Alert tone="success">{t('explorer.auth.applied')}</Alert>}
      </form>
    </SidePanel>
  );
}

function Origin({ value, current, onChange, label, hint, disabled }: {
  value: string; current: string; onChange: () => void; label: string; hint: string; disabled?: boolean;
}) {
  return (
    <label className={cx('flex items-start gap-2 rounded-md border px-3 py-2', current === value ? 'border-primary/50 bg-primary/5' : 'border-gray-200', disabled && 'opacity-60')} data-origin={value}>
      <input type="radio" name="origin" className="mt-1 h-4 w-4 accent-[var(--agora-primary)]" checked={current === value} disabled={disabled} onChange={onChange} />
      <span className="flex flex-col">
        <span className="text-sm font-medium text-gray-800">{label}</span>
        <span className="text-xs text-gray-500">{hint}</span>
      </span>
    </label>
  );
}

function InternalFields({ choices, draft, set, idBase }: {
  choices: ConsoleChoices; draft: ConsoleAuth; set: (patch: Partial<ConsoleAuth>) => void; idBase: string;
}) {
  const { t } = useMessages('explorer');
  const usable = useMemo(() => new Set(choices.credentials.filter(isCredentialSelectable).map((c) => c.application?.id)), [choices]);
  // Applications with a usable credential first: the others are listed, but have nothing to pick.
  const applications = useMemo(
    () => [...choices.applications].sort((a, b) => Number(usable.has(b.id)) - Number(usable.has(a.id))).map((a) => [a.id, a.title] as const),
    [choices, usable],
  );
  const ofApplication = choices.credentials.filter((c) => c.application?.id === draft.applicationId);
  return (
    <>
      <Field id={`${idBase}-app`} label={t('explorer.auth.application')}>
        <select id={`${idBase}-app`} className={INPUT} value={draft.applicationId ?? ''} onChange={(e) => set({ applicationId: e.target.value || undefined, credentialId: undefined })}>
          <option value="">{t('explorer.auth.choose')}</option>
          {applications.map(([id, title]) => <option key={id} value={id}>{title}</option>)}
        </select>
      </Field>
      <Field id={`${idBase}-cred`} label={t('explorer.auth.credential')} hint={t('explorer.auth.credentialRule')}>
        <select id={`${idBase}-cred`} className={INPUT} value={draft.credentialId ?? ''} disabled={!draft.applicationId} onChange={(e) => set({ credentialId: e.target.value || undefined })}>
          <option value="">{t('explorer.auth.choose')}</option>
          {ofApplication.map((c) => (
            <option key={c.id} value={c.id} disabled={!isCredentialSelectable(c)}>
              {isCredentialSelectable(c) ? c.title : t('explorer.auth.credentialUnavailable', { title: c.title })}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
