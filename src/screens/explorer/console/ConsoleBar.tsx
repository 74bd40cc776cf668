// Above every explorer: the server selector, the Authorize button (locked once credentials are
// applied) and, when try-it is off, why (spec 1 §2: try-it depends on a permission check).
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { withTimeout } from '../../../elements/chunks.ts';
import { useMessages, type MessageKey } from '../../../i18n/intl.ts';
import { href } from '../../../rules/routes.ts';
import { Link, useRoute } from '../../../router/context.tsx';
import { Button } from '../../../ui/Button.tsx';
import { IconLock } from '../../../ui/icons.tsx';
import { cx } from '../../../ui/tone.ts';
import { useConsole } from './context.tsx';

// The panel (forms, side panel) loads when first opened: the explorer draws without it.
const AuthorizePanel = lazy(withTimeout(() => import('./AuthorizePanel.tsx').then((m) => ({ default: m.AuthorizePanel }))));

export function ConsoleBar({ children, serverLabel }: { children?: ReactNode; serverLabel?: string }) {
  const { t } = useMessages('explorer');
  const { servers, server, setServer, tryIt, auth, authorizeOpen, setAuthorizeOpen, option } = useConsole();
  const id = useId();
  const locked = !!auth && option?.kind !== 'none';
  return (
    <div className="flex flex-col gap-3" data-part="console-bar">
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-sm">
        {servers.length > 0 && (
          <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto sm:max-w-none sm:flex-1">
            <label htmlFor={`${id}-server`} className="text-xs font-medium uppercase tracking-wide text-gray-500">{serverLabel ?? t('explorer.console.server')}</label>
            <select
              id={`${id}-server`}
              data-field="server"
              className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm text-gray-800 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
              value={server ?? servers[0]!.url}
              title={server ?? servers[0]!.url}
              onChange={(e) => setServer(e.target.value === servers[0]!.url ? null : e.target.value)}
            >
              {servers.map((s) => <option key={s.url} value={s.url}>{s.description ? `${s.url} — ${s.description}` : s.url}</option>)}
            </select>
            {/* A narrow select cuts a long address: the chosen one whole, wrapping, on small screens. */}
            <span className="break-all font-mono text-xs text-gray-500 sm:hidden" data-part="server-url">{server ?? servers[0]!.url}</span>
          </div>
        )}
        {children}
        <div className="ml-auto flex items-center gap-2">
          <Button
            variant={locked ? 'primary' : 'secondary'}
            onClick={() => setAuthorizeOpen(true)}
            icon={<IconLock size={16} className={cx(!locked && 'opacity-60')} />}
            data-action="open-authorize"
            aria-pressed={locked}
          >
            {locked ? t('explorer.console.authorized') : t('explorer.console.authorize')}
          </Button>
        </div>
      </div>
      {tryIt.mock && <p className="m-0 px-1 text-xs text-gray-500" data-part="mock-note">{t('explorer.console.mock')}</p>}
      {!tryIt.allowed && <TryItBlocked reason={tryIt.reason} />}
      {authorizeOpen && <Suspense fallback={null}><AuthorizePanel /></Suspense>}
    </div>
  );
}

export function TryItBlocked({ reason }: { reason: string | null }) {
  const { t } = useMessages('explorer');
  const route = useRoute();
  const key = `explorer.tryIt.blocked.${reason ?? 'unsupportedType'}` as MessageKey;
  const returnTo = route.match ? route.match.path + (route.match.search ? `?${route.match.search}` : '') : undefined;
  return (
    <p className="m-0 flex flex-wrap items-center gap-x-2 rounded-lg border border-gray-200 bg-gray-50 px-4 py-2 text-sm text-gray-700" data-part="try-it-blocked" data-reason={reason ?? ''}>
      <IconLock size={15} className="text-gray-400" />
      <span>{t(key)}</span>
      {reason === 'signin' && (
        <Link to={href('signin', {}, returnTo ? { returnTo } : {})} className="font-medium text-primary underline-offset-2 hover:underline">
          {t('explorer.tryIt.signIn')}
        </Link>
      )}
    </p>
  );
}
