// One message of the conversation: the user's question, or the assistant's answer typed out so far,
// then (once it is all on screen) its proposals as confirm buttons, the results of confirmed actions,
// and its references as links (portal routes through the router; kind 'url' a plain link out).
import type { MouseEvent } from 'react';
import type { AiAction, AiActionResult, AiReference } from '../../api/ai.ts';
import { useMessages } from '../../i18n/intl.ts';
import { answerMarkdown, firstWords, wordCount } from '../../rules/assistant.ts';
import { Link } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { IconExternal } from '../../ui/icons.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { cx } from '../../ui/tone.ts';
import type { ChatMessage } from './useConversation.ts';

export interface MessageViewProps {
  message: ChatMessage;
  /** Proposals already confirmed in this conversation. */
  confirmed: ReadonlySet<string>;
  busy: boolean;
  onConfirm: (action: AiAction) => void;
  /** A plain click on a link into the portal (the dialog closes as the page changes). */
  onFollow: () => void;
}

/** Buttons keep to one line by default; a proposal's may take two (style, as h-8 and whitespace-nowrap are the Button's own classes). */
const WRAPPING = { whiteSpace: 'normal', height: 'auto', minHeight: '2rem' } as const;
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function MessageView({ message, confirmed, busy, onConfirm, onFollow }: MessageViewProps) {
  const { t } = useMessages('assistant');
  if (message.role === 'user') {
    return (
      <li className="flex justify-end" data-role="user">
        <p className="m-0 max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm text-white">
          <span className="sr-only">{t('assistant.you')}: </span>
          {message.confirms ? t('assistant.action.confirming', { label: message.confirms.label }) : message.text}
        </p>
      </li>
    );
  }
  const complete = message.received && message.shown >= wordCount(message.text);
  const follow = (event: MouseEvent) => {
    if (plainClick(event)) onFollow();
  };
  return (
    <li className="flex justify-start" data-role="assistant" data-complete={complete || undefined}>
      <div
        className={cx(
          'max-w-[92%] min-w-0 rounded-2xl rounded-bl-sm border px-4 py-3 text-sm',
          message.failed ? 'border-danger/40 bg-danger/5 text-gray-900' : 'border-gray-200 bg-gray-50',
        )}
      >
        <span className="sr-only">{t('assistant.name')}: </span>
        {message.failed ? (
          <p role="alert" className="m-0 whitespace-pre-wrap break-words">{message.text}</p>
        ) : (
          <div data-testid="assistant-answer">
            <Markdown source={answerMarkdown(firstWords(message.text, message.shown))} />
          </div>
        )}
        {complete && message.results.map((result) => <ResultLine key={result.actionId} result={result} onFollow={follow} />)}
        {complete && message.actions.length > 0 && (
          <div className="mt-3 flex flex-wrap gap-2" data-testid="assistant-actions">
            {message.actions.map((action) => {
              const done = confirmed.has(action.id);
              return (
                // A long label (it names the product, plan or application) wraps inside the bubble at 375 px.
                <Button key={action.id} size="sm" variant={done ? 'secondary' : 'primary'} disabled={busy || done} onClick={() => onConfirm(action)}
                  className="max-w-full py-1 text-left" style={WRAPPING}>
                  {done ? t('assistant.action.confirmed', { label: action.label }) : action.label}
                </Button>
              );
            })}
          </div>
        )}
        {complete && message.references.length > 0 && <References references={message.references} onFollow={follow} />}
      </div>
    </li>
  );
}

function References({ references, onFollow }: { references: AiReference[]; onFollow: (event: MouseEvent) => void }) {
  const { t } = useMessages('assistant');
  return (
    <nav aria-label={t('assistant.references')} className="mt-3 border-t border-gray-200 pt-2">
      <p className="m-0 mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('assistant.references')}</p>
      <ul className="m-0 list-none space-y-1 p-0" data-testid="assistant-references">
        {references.map((reference) => (
          <li key={`${reference.kind}:${reference.id}`} className="flex min-w-0 items-baseline gap-2">
            <span className="shrink-0 rounded bg-gray-200 px-1.5 text-[11px] font-medium text-gray-700">{t(`assistant.kind.${reference.kind}`)}</span>
            {reference.kind === 'url' ? (
              <a
                href={reference.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('assistant.newTab', { text: reference.title })}
                className="inline-flex min-w-0 items-center gap-1 break-words text-primary underline"
              >
                {reference.title}
                <IconExternal size={12} />
              </a>
            ) : (
              <Link to={reference.url} onClick={onFollow} className="min-w-0 break-words text-primary underline">
                {reference.title}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ResultLine({ result, onFollow }: { result: AiActionResult; onFollow: (event: MouseEvent) => void }) {
  const { t } = useMessages('assistant');
  if (result.status === 'failed') {
    return <p className="m-0 mt-2 text-danger" role="alert">{t('assistant.result.failed', { detail: result.detail ?? '' })}</p>;
  }
  if (!result.href) return null;
  return (
    <p className="m-0 mt-2" data-testid="assistant-result">
      <Link to={result.href} onClick={onFollow} className="font-medium text-primary underline">
        {t(`assistant.result.${result.kind}`)}
      </Link>
    </p>
  );
}
