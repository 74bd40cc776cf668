// The assistant's modal conversation (spec 3 §2.6, §4, §5, §8): the message list, the question box,
// Send, and Cancel while an answer arrives. Closing resets everything and cancels what is pending;
// following a reference only leaves (the conversation is kept for the tab and shown again on reopening).
// A confirmed 'subscribe' opens the subscription side panel pre-filled with the plan (over the
// conversation); 'requestAccess', 'openInsights' and 'open' go to their page (the wizard, the
// insights, a step's page), keeping the conversation as a followed reference does.
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AiActionResult } from '../../api/ai.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { withTimeout } from '../../elements/chunks.ts';
import { useMessages } from '../../i18n/intl.ts';
import { AI_INPUT_MAX_CHARS } from '../../rules/assistant.ts';
import { useNavigate } from '../../router/context.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { IconClose } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { FOCUS_RING, cx } from '../../ui/tone.ts';
import { MessageView } from './MessageView.tsx';
import { useConversation } from './useConversation.ts';

const SubscribePanel = lazy(withTimeout(() => import('../subscribe/SubscribePanel.tsx')));

export default function AssistantDialog({ onClose }: { onClose: () => void }) {
  const { t } = useMessages('assistant');
  const titleId = useId();
  const inputId = useId();
  const stream = useMarketplace().data?.ai.stream ?? false;
  const navigate = useNavigate();
  const [question, setQuestion] = useState('');
  const [subscribe, setSubscribe] = useState<{ productId: string; planId: string; run: number } | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);

  const onResults = (results: AiActionResult[]) => {
    for (const result of results) {
      if (result.status !== 'open') continue;
      const productId = String(result.params?.productId ?? '');
      if (result.kind === 'subscribe' && productId) {
        setSubscribe((s) => ({ productId, planId: String(result.params?.planId ?? ''), run: (s?.run ?? 0) + 1 }));
      } else if (result.href && (result.kind === 'requestAccess' || result.kind === 'openInsights' || result.kind === 'open')) {
        // Like a followed reference: the page changes, the conversation is kept for the tab.
        leave();
        navigate(result.href);
      }
    }
  };
  const conversation = useConversation({ stream, onResults });
  const { messages, responding } = conversation;

  const close = () => {
    conversation.reset();
    onClose();
  };
  const leave = () => onClose();

  const confirmed = useMemo(() => new Set(messages.flatMap((m) => (m.confirms && !m.failed ? [m.confirms.id] : []))), [messages]);

  // The newest words stay in view as they are typed.
  const last = messages[messages.length - 1];
  useEffect(() => {
    const el = list.current?.parentElement;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.shown, last?.received]);

  // Back to the question box once an answer is over.
  useEffect(() => {
    if (!responding) input.current?.focus({ preventScroll: true });
  }, [responding]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (responding || !question.trim()) return;
    conversation.ask(question);
    setQuestion('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line (an IME composition is left alone).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <>
    <Modal open onClose={close} labelledBy={titleId} initialFocus={input} className="h-full max-w-2xl sm:h-[44rem]">
      <div data-testid="assistant-dialog" className="flex min-h-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-gray-200 px-5 py-3">
          <h2 id={titleId} className="m-0 flex-1 text-lg font-semibold text-gray-900">{t('assistant.title')}</h2>
          <IconButton label={t('assistant.close')} onClick={close} className="-mr-2">
            <IconClose size={18} />
          </IconButton>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4 sm:px-5">
          {messages.length === 0 && <p className="m-0 mb-3 text-sm text-gray-600">{t('assistant.intro')}</p>}
          <ol ref={list} role="log" aria-label={t('assistant.messages')} aria-busy={responding} className="m-0 list-none space-y-3 p-0">
            {messages.map((message) => (
              <MessageView
                key={message.id}
                message={message}
                confirmed={confirmed}
                busy={responding}
                onConfirm={conversation.confirm}
                onFollow={leave}
              />
            ))}
          </ol>
          {responding && last?.role === 'assistant' && last.text === '' && (
            <p className="m-0 mt-3 text-sm text-gray-500" role="status">{t('assistant.responding')}</p>
          )}
        </div>
        <form onSubmit={submit} className="flex items-end gap-2 border-t border-gray-200 px-4 py-3 sm:px-5">
          <label htmlFor={inputId} className="sr-only">{t('assistant.input.label')}</label>
          <textarea
            ref={input}
            id={inputId}
            rows={2}
            value={question}
            maxLength={AI_INPUT_MAX_CHARS}
            placeholder={t('assistant.input.placeholder')}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={onKeyDown}
            className={cx('min-h-[2.75rem] flex-1 resize-none rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900', FOCUS_RING)}
          />
          {responding ? (
            <Button variant="secondary" onClick={conversation.cancel} data-testid="assistant-cancel">{t('assistant.cancel')}</Button>
          ) : (
            <Button type="submit" disabled={!question.trim()} data-testid="assistant-send">{t('assistant.send')}</Button>
          )}
        </form>
      </div>
    </Modal>
    {subscribe && (
        <Suspense fallback={null}>
          <SubscribePanel
            key={subscribe.run}
            productId={subscribe.productId}
            planId={subscribe.planId || null}
            onClose={() => setSubscribe(null)}
          />
        </Suspense>
      )}
    </>
  );
}
