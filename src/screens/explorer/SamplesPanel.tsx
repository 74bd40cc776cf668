// The code-samples panel every viewer of the explorer shares (OpenAPI operations, GraphQL,
// AsyncAPI channels): a disclosure that loads nothing before it is opened, then the generator
// (src/rules/codeSamples.ts) and the grammars only samples need, in one chunk; tabs over the code
// viewer (highlighted, copy button), the chosen language remembered per user.
import { Suspense, use, useState, type ReactNode } from 'react';
import { loadOnce } from '../../elements/chunks.ts';
import { useMessages } from '../../i18n/intl.ts';
import type { CodeLanguage } from '../../rules/codeViewer.ts';
import { useSubject } from '../../state/store.ts';
import { LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { Code } from './LazyCode.tsx';

// The generator, and the highlighter's grammars that only samples need, in one wait.
const loadGenerator = loadOnce(() => Promise.all([import('../../rules/codeSamples.ts'), import('../../viewers/code/sampleGrammars.ts')]).then(([generator, grammars]) => {
  grammars.registerSampleGrammars();
  return generator;
}));

export type Generator = Awaited<ReturnType<typeof loadGenerator>>;

/** The generator module, suspending until its chunk is loaded (inside SamplesDisclosure). */
export const useGenerator = (): Generator => use(loadGenerator());

const storageKey = (subject: string) => `agora.codeSamples.language.${subject || 'visitor'}`;

function readLanguage(subject: string): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey(subject)) ?? null;
  } catch {
    return null; // storage blocked: the choice holds for the page only
  }
}

function writeLanguage(subject: string, id: string): void {
  try {
    globalThis.localStorage?.setItem(storageKey(subject), id);
  } catch {
    // Not persisted.
  }
}

/** The disclosure: its content (which reads the generator) is drawn only once opened. */
export function SamplesDisclosure({ badge, children }: { badge?: ReactNode; children: ReactNode }) {
  const { t } = useMessages('explorer');
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={t('explorer.samples.title')} className="flex flex-col gap-2" data-part="code-samples">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-action="code-samples"
        className={cx('flex w-full items-center gap-2 border-0 bg-transparent p-0 text-left', FOCUS_RING)}>
        <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.samples.title')}</h4>
        {badge}
        <span className="ml-auto text-xs font-medium text-primary">{open ? t('explorer.op.hide') : t('explorer.op.show')}</span>
      </button>
      {open && <Suspense fallback={<LoadingPlaceholder className="py-4" />}>{children}</Suspense>}
    </section>
  );
}

/**
 * The language the user chose last, among `tabs` (a provider's tab, whose index differs between
 * operations, matches by language: `provider:<index>:<lang>`), and the setter that remembers it.
 */
export function useRememberedTab(tabs: readonly TabItem[]): [string, (id: string) => void] {
  const subject = useSubject();
  const [chosen, setChosen] = useState<string | null>(() => readLanguage(subject));
  const remembered = chosen?.startsWith('provider:') ? tabs.find((tab) => tab.id.endsWith(`:${chosen.split(':')[2]}`))?.id : tabs.find((tab) => tab.id === chosen)?.id;
  return [remembered ?? tabs[0]?.id ?? '', (id) => { setChosen(id); writeLanguage(subject, id); }];
}

export interface SampleTabsProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** The tab list's accessible name. */
  label: string;
  text: string;
  /** null: shown unhighlighted (a provider's sample in a language the viewer has no grammar for). */
  language: CodeLanguage | null;
  /** A line over the code (where the credential comes from…). */
  note?: ReactNode;
  /** Controls over the tabs (the AsyncAPI channel). */
  before?: ReactNode;
}

/** Tabs over the highlighted sample, with its copy button. */
export function SampleTabs({ tabs, selected, onSelect, label, text, language, note, before }: SampleTabsProps) {
  const { t } = useMessages('explorer');
  return (
    <div className="flex min-w-0 flex-col gap-2" data-samples-selected={selected}>
      {before}
      <Tabs tabs={tabs as TabItem[]} selected={selected} label={label} onSelect={onSelect} />
      {note && <p className="m-0 text-xs text-gray-600">{note}</p>}
      <div data-sample-text="">
        <Code key={selected} text={text} language={language} label={t('explorer.samples.codeOf', { language: String(tabs.find((tab) => tab.id === selected)?.label ?? '') })} maxHeight="420px" />
      </div>
    </div>
  );
}

/** The environment variables a credential of this kind is read from, for the note. */
export function envNamesOf(kind: 'apiKey' | 'basic' | 'bearer'): string {
  return kind === 'basic' ? 'AGORA_USERNAME, AGORA_PASSWORD' : kind === 'bearer' ? 'AGORA_TOKEN' : 'AGORA_API_KEY';
}
