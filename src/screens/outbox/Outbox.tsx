// The outbox (/outbox): every e-mail the marketplace made, for a provider Administrator. Without
// SMTP_URL this is where messages go instead of a mail server, so the demo shows each one (and its
// links work from here); with a relay it is the record of what went out (server/src/mail).
import { useState, type ReactNode } from 'react';
import { useSession } from '../../api/auth.ts';
import { useOutbox, useOutboxMessage, type OutboxPage } from '../../api/account.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { isProviderAdministrator } from '../../rules/roles.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyPlaceholder, ErrorPanel, LoadingPlaceholder, UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';

const PAGE = 20;

/** The text part with its links clickable (the verification and reset links). */
function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) =>
    i % 2 ? <a key={i} href={part} className="break-all text-primary">{part}</a> : part);
}

export default function Outbox() {
  const { t, fmt } = useMessages('outbox');
  const { data: session } = useSession();
  const allowed = isProviderAdministrator(session);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const list = useOutbox(allowed, { offset, limit: PAGE });
  if (session && !allowed) return <div className="p-6"><UnauthorizedPlaceholder /></div>;
  const page: OutboxPage | undefined = list.data;

  return (
    <section className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-5 px-4 py-6 sm:px-6" data-screen="outbox">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('outbox.title')}</h1>
          {page && <p className="m-0 mt-1 text-sm text-gray-600" data-mode={page.mode}>{t(page.mode === 'smtp' ? 'outbox.intro.smtp' : 'outbox.intro.outbox')}</p>}
        </div>
        <Button variant="secondary" onClick={() => void list.mutate()}>{t('outbox.refresh')}</Button>
      </header>
      {open ? <Message id={open} onBack={() => setOpen(null)} /> : list.error ? <ErrorPanel error={list.error} />
        : !page ? <LoadingPlaceholder />
          : page.items.length === 0 ? <EmptyPlaceholder title={t('outbox.empty')} />
            : (
              <>
                <ScrollRegion label={t('outbox.title')}>
                  <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
                    <thead>
                      <tr className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-500">
                        <th className="py-2 pr-3 font-semibold">{t('outbox.subject')}</th>
                        <th className="py-2 pr-3 font-semibold">{t('outbox.to')}</th>
                        <th className="py-2 pr-3 font-semibold">{t('outbox.state')}</th>
                        <th className="py-2 font-semibold">{t('outbox.date')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {page.items.map((m) => (
                        <tr key={m.id} data-message={m.id} data-kind={m.kind} className="border-b border-gray-100">
                          <td className="py-2 pr-3">
                            <button type="button" onClick={() => setOpen(m.id)} className="text-left font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
                              {m.subject ?? t('outbox.pending')}
                            </button>
                          </td>
                          <td className="break-all py-2 pr-3 text-gray-700">{m.to}</td>
                          <td className="py-2 pr-3 text-gray-700">{t(`outbox.state.${m.state}` as MessageKey)}</td>
                          <td className="whitespace-nowrap py-2 text-gray-600">{fmt.dateTime(m.createdAt)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
                {page.totalCount > PAGE && (
                  <div className="flex gap-2">
                    <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>‹</Button>
                    <Button variant="secondary" disabled={offset + PAGE >= page.totalCount} onClick={() => setOffset(offset + PAGE)}>›</Button>
                  </div>
                )}
              </>
            )}
    </section>
  );
}

function Message({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useMessages('outbox');
  const message = useOutboxMessage(id);
  return (
    <article className="flex min-w-0 flex-col gap-3" data-outbox-message={id}>
      <p className="m-0"><button type="button" onClick={onBack} className="text-sm font-medium text-primary hover:underline">‹ {t('outbox.back')}</button></p>
      {message.error ? <ErrorPanel error={message.error} /> : !message.data ? <LoadingPlaceholder /> : (
        <>
          <h2 className="m-0 text-lg font-semibold text-gray-900">{message.data.subject ?? t('outbox.pending')}</h2>
          <p className="m-0 text-sm text-gray-600">{t('outbox.to')}: {message.data.to}</p>
          <pre className="m-0 whitespace-pre-wrap break-words rounded-lg border border-gray-200 bg-container p-4 font-sans text-sm text-gray-900">{linkify(message.data.text ?? '')}</pre>
        </>
      )}
    </article>
  );
}
