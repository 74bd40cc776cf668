// The placeholders of every list and page: loading (only after 250 ms, so fast answers never
// flash a spinner), empty, fetch error (with the error panel), unauthorized (403).
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiErrorItem } from '../api/errors.ts';
import { LOADING_DELAY_MS } from '../rules/constants.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconError, IconInbox, IconLock, IconSpinner } from './icons.tsx';
import { cx } from './tone.ts';
import { useEmit } from '../elements/host.ts';

export interface LoadingPlaceholderProps {
  label?: string;
  /** Default LOADING_DELAY_MS (250). */
  delay?: number;
  className?: string;
}

export function LoadingPlaceholder({ label, delay = LOADING_DELAY_MS, className }: LoadingPlaceholderProps) {
  const t = useT();
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!visible) return null;
  return (
    <div role="status" className={cx('flex items-center justify-center gap-2 py-10 text-sm text-gray-500', className)}>
      <IconSpinner size={20} className="text-primary" />
      <span>{label ?? t('ui.placeholder.loading')}</span>
    </div>
  );
}

interface FrameProps {
  icon: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}

function Frame({ icon, title, message, action, children, role, className }: FrameProps) {
  return (
    <div role={role} className={cx('mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center', className)}>
      <div className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-gray-100 text-gray-500">{icon}</div>
      <h2 className="m-0 text-base font-semibold text-gray-900">{title}</h2>
      {message && <div className="mt-1 text-sm text-gray-600">{message}</div>}
      {children}
      {action && <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

export interface EmptyPlaceholderProps {
  title?: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyPlaceholder({ title, message, action, className }: EmptyPlaceholderProps) {
  const t = useT();
  return (
    <Frame
      role="status"
      icon={<IconInbox size={22} />}
      title={title ?? t('ui.placeholder.empty')}
      message={message === undefined ? t('ui.placeholder.emptyMessage') : message}
      action={action}
      className={className}
    />
  );
}

/** The HTTP status an error carries (ApiError, ky's HTTPError, or a plain { status }), if any. */
export function errorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { status?: unknown; response?: { status?: unknown } };
  if (typeof e.status === 'number') return e.status;
  if (typeof e.response?.status === 'number') return e.response.status;
  return undefined;
}

/** The items of the server's { errors: [...] } answer carried by an error, if any. */
export function errorItems(error: unknown): ApiErrorItem[] {
  if (!error || typeof error !== 'object') return [];
  const e = error as { errors?: unknown; body?: { errors?: unknown } };
  const list = Array.isArray(e.errors) ? e.errors : Array.isArray(e.body?.errors) ? e.body.errors : [];
  return list.filter((item): item is ApiErrorItem => !!item && typeof item === 'object');
}

/** The error panel (spec 3 §8): the error's message, then each detail of the response's errors. */
export function ErrorPanel({ error, className }: { error: unknown; className?: string }) {
  const t = useT();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const items = errorItems(error).filter((item) => item.detail && item.detail !== message);
  if (!message && items.length === 0) return null;
  return (
    <div className={cx('mt-4 w-full rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-left text-sm', className)}>
      {message && <p className="m-0 font-medium text-gray-800">{message}</p>}
      {items.length > 0 && (
        <>
          <p className="m-0 mt-2 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('ui.placeholder.details')}</p>
          <ul className="m-0 mt-1 list-disc space-y-1 pl-5 text-gray-700">
            {items.map((item, index) => (
              <li key={index}>
                {item.title && item.title !== item.detail ? <span className="font-medium">{item.title}: </span> : null}
                {item.detail}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export interface ErrorPlaceholderProps {
  error?: unknown;
  /** The spec's fetch-error text for this list or page. */
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  className?: string;
}

/** The host page hears of every failure an element shows (agora-error), once per error. */
export function useErrorEvent(error: unknown): void {
  const emit = useEmit();
  useEffect(() => {
    if (error === undefined || error === null) return;
    const { message: text, status } = error as { message?: unknown; status?: unknown };
    emit('agora-error', { message: typeof text === 'string' ? text : String(error), ...(typeof status === 'number' ? { status } : {}) });
  }, [error, emit]);
}

export function ErrorPlaceholder({ error, title, message, onRetry, className }: ErrorPlaceholderProps) {
  const t = useT();
  useErrorEvent(error);
  return (
    <Frame
      role="alert"
      icon={<IconError size={22} className="text-danger" />}
      title={title ?? t('ui.placeholder.error')}
      message={message === undefined ? t('ui.placeholder.errorMessage') : message}
      action={onRetry && <Button variant="secondary" onClick={onRetry}>{t('ui.placeholder.retry')}</Button>}
      className={className}
    >
      {error !== undefined && <ErrorPanel error={error} />}
    </Frame>
  );
}

export function UnauthorizedPlaceholder({ title, message, className }: { title?: ReactNode; message?: ReactNode; className?: string }) {
  const t = useT();
  return (
    <Frame
      role="alert"
      icon={<IconLock size={22} />}
      title={title ?? t('ui.placeholder.unauthorized')}
      message={message === undefined ? t('ui.placeholder.unauthorizedMessage') : message}
      className={className}
    />
  );
}

export interface AsyncStateProps {
  loading?: boolean;
  error?: unknown;
  empty?: boolean;
  /** Overrides per state; the defaults are the generic placeholders. */
  loadingView?: ReactNode;
  errorView?: ReactNode;
  emptyView?: ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * The usual choice for a list (spec 2 §8, spec 3 §8): 403 -> unauthorized, other error -> fetch error,
 * loading -> delayed spinner, nothing -> empty, otherwise the content.
 */
export function AsyncState({ loading, error, empty, loadingView, errorView, emptyView, onRetry, children }: AsyncStateProps) {
  if (error) {
    if (errorStatus(error) === 403) return <UnauthorizedPlaceholder />;
    return <>{errorView ?? <ErrorPlaceholder error={error} onRetry={onRetry} />}</>;
  }
  if (loading) return <>{loadingView ?? <LoadingPlaceholder />}</>;
  if (empty) return <>{emptyView ?? <EmptyPlaceholder />}</>;
  return <>{children}</>;
}
