// The advanced search panel (spec 1 §3, §5): a list of terms, each with a comparison (equals,
// not equals) and an operator joining it to the terms before (and, or). A term is letters and
// digits only (a hint says so), trimmed, never empty or repeated; at 20 terms the input and the
// add button are disabled. Enter runs the search; Shift+Enter adds the term.
import { useEffect, useId, useRef, useState } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import {
  addAdvancedTerm, advancedTermError, canAddMoreTerms, removeAdvancedTerm, serializeAdvancedTerms, termInputHint,
  termKeyAction, updateAdvancedTerm, type AdvancedComparison, type AdvancedOperator, type AdvancedTerm,
} from '../../rules/advancedSearch.ts';
import { MAX_ADVANCED_TERMS } from '../../rules/constants.ts';
import { Button } from '../../ui/Button.tsx';
import { IconClose, IconSearch } from '../../ui/icons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { IconPlus } from '../catalogue/browseIcons.tsx';

export interface AdvancedPanelProps {
  /** The terms of the URL's query (empty when it is absent or invalid). */
  terms: AdvancedTerm[];
  onRun: (terms: AdvancedTerm[]) => void;
}

const SELECT_BASE = cx('rounded-md border border-gray-300 bg-white pl-2.5 pr-7 text-gray-900 disabled:bg-gray-100 disabled:text-gray-400', FOCUS_RING);
/** The new term's controls, and the smaller ones inside a term row. */
const SELECT = cx(SELECT_BASE, 'h-10 text-sm');
const ROW_SELECT = cx(SELECT_BASE, 'h-8 text-xs');

export function AdvancedPanel({ terms: fromUrl, onRun }: AdvancedPanelProps) {
  const { t } = useMessages('search');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [terms, setTerms] = useState(fromUrl);
  const [text, setText] = useState('');
  const [comparison, setComparison] = useState<AdvancedComparison>('equals');
  const [operator, setOperator] = useState<AdvancedOperator>('and');

  // A new search in the URL (back/forward, another tab) replaces the terms being edited.
  const urlKey = serializeAdvancedTerms(fromUrl);
  useEffect(() => setTerms(fromUrl), [urlKey]);

  const full = !canAddMoreTerms(terms);
  const hint = full ? 'tooMany' : termInputHint(text, terms);
  const canAdd = !full && advancedTermError(text, terms) === null;
  const withTyped = addAdvancedTerm(terms, text, comparison, operator);

  const add = () => {
    if (!canAdd) return;
    setTerms(withTyped);
    setText('');
    input.current?.focus();
  };
  const run = (list: AdvancedTerm[]) => {
    if (!list.length) return;
    setTerms(list);
    setText('');
    onRun(list);
  };

  const hintText =
    hint === 'notAlphanumeric' ? t('search.advanced.hint.notAlphanumeric')
      : hint === 'duplicate' ? t('search.advanced.hint.duplicate')
        : hint === 'tooMany' ? t('search.advanced.hint.tooMany', { max: MAX_ADVANCED_TERMS })
          : null;

  return (
    <section aria-labelledby={`${id}-title`} data-advanced-panel="">
      <h2 id={`${id}-title`} className="m-0 text-base font-semibold text-gray-900">{t('search.advanced.title')}</h2>
      <p className="m-0 mt-1 text-sm text-gray-600">{t('search.advanced.intro')}</p>

      <div className="mt-4">
        <div className="mb-2 flex items-center justify-between">
          <h3 id={`${id}-terms`} className="m-0 text-xs font-semibold uppercase tracking-wider text-gray-500">{t('search.advanced.terms')}</h3>
          <span className={cx('text-xs tabular-nums', full ? 'font-semibold text-warning-ink' : 'text-gray-500')} data-term-count="">
            {t('search.advanced.limit', { count: terms.length, max: MAX_ADVANCED_TERMS })}
          </span>
        </div>
        {terms.length === 0 ? (
          <p className="m-0 rounded-lg border border-dashed border-gray-300 px-4 py-3 text-sm text-gray-500">{t('search.advanced.empty')}</p>
        ) : (
          <ol aria-labelledby={`${id}-terms`} className="m-0 flex list-none flex-col gap-2 p-0" data-terms="">
            {terms.map((term, index) => (
              <li key={term.value} data-term={term.value} className="flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-container/60 px-2 py-1.5">
                {index === 0 ? (
                  <span className="w-20 px-1 text-xs font-medium text-gray-500">{t('search.advanced.first')}</span>
                ) : (
                  <select
                    aria-label={t('search.advanced.operator')}
                    value={term.operator}
                    onChange={(e) => setTerms(updateAdvancedTerm(terms, index, { operator: e.target.value as AdvancedOperator }))}
                    className={cx(ROW_SELECT, 'w-20 font-semibold')}
                  >
                    <option value="and">{t('search.advanced.and')}</option>
                    <option value="or">{t('search.advanced.or')}</option>
                  </select>
                )}
                <select
                  aria-label={t('search.advanced.comparison')}
                  value={term.comparison}
                  onChange={(e) => setTerms(updateAdvancedTerm(terms, index, { comparison: e.target.value as AdvancedComparison }))}
                  className={ROW_SELECT}
                >
                  <option value="equals">{t('search.advanced.equals')}</option>
                  <option value="notEquals">{t('search.advanced.notEquals')}</option>
                </select>
                <span className={cx('min-w-[6rem] flex-1 truncate font-mono text-sm font-semibold', term.comparison === 'notEquals' ? 'text-danger line-through decoration-1' : 'text-gray-900')}>
                  {term.value}
                </span>
                <button
                  type="button"
                  aria-label={t('search.advanced.remove', { value: term.value })}
                  onClick={() => setTerms(removeAdvancedTerm(terms, index))}
                  className={cx('flex h-7 w-7 items-center justify-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900', FOCUS_RING)}
                >
                  <IconClose size={14} />
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-gray-600">
          {t('search.advanced.operator')}
          <select value={operator} disabled={full || terms.length === 0} onChange={(e) => setOperator(e.target.value as AdvancedOperator)} className={cx(SELECT, 'w-24')} data-new-operator="">
            <option value="and">{t('search.advanced.and')}</option>
            <option value="or">{t('search.advanced.or')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-gray-600">
          {t('search.advanced.comparison')}
          <select value={comparison} disabled={full} onChange={(e) => setComparison(e.target.value as AdvancedComparison)} className={SELECT} data-new-comparison="">
            <option value="equals">{t('search.advanced.equals')}</option>
            <option value="notEquals">{t('search.advanced.notEquals')}</option>
          </select>
        </label>
        <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-xs font-medium text-gray-600">
          {t('search.advanced.term')}
          <input
            ref={input}
            id={`${id}-input`}
            value={text}
            disabled={full}
            placeholder={t('search.advanced.termPlaceholder')}
            autoComplete="off"
            aria-invalid={hint && hint !== 'tooMany' ? true : undefined}
            aria-describedby={`${id}-hint ${id}-keys`}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              const action = termKeyAction(e, text, terms, comparison, operator);
              if (e.key === 'Enter') e.preventDefault();
              if (action.kind === 'add') {
                if (action.terms.length !== terms.length) {
                  setTerms(action.terms);
                  setText('');
                }
              } else if (action.kind === 'run') {
                run(action.terms);
              }
            }}
            data-term-input=""
            className={cx(
              'h-10 w-full rounded-md border bg-white px-3 text-sm text-gray-900 placeholder-gray-400 disabled:cursor-not-allowed disabled:bg-gray-100',
              hint && hint !== 'tooMany' ? 'border-danger' : 'border-gray-300',
              FOCUS_RING,
            )}
          />
        </label>
        <Button variant="secondary" icon={<IconPlus />} disabled={!canAdd} onClick={add} data-add-term="">
          {t('search.advanced.add')}
        </Button>
      </div>
      <p id={`${id}-hint`} role={hintText ? 'alert' : undefined} className={cx('m-0 mt-1.5 min-h-[1.25rem] text-xs', hint === 'tooMany' ? 'text-warning-ink' : 'text-danger')} data-term-hint="">
        {hintText}
      </p>
      <p id={`${id}-keys`} className="m-0 text-xs text-gray-500">{t('search.advanced.keys')}</p>

      <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-100 pt-4">
        <Button icon={<IconSearch />} disabled={withTyped.length === 0} onClick={() => run(withTyped)} data-run-search="">
          {t('search.advanced.run')}
        </Button>
        <Button variant="ghost" disabled={terms.length === 0 && text === ''} onClick={() => { setTerms([]); setText(''); input.current?.focus(); }}>
          {t('search.advanced.clear')}
        </Button>
      </div>
    </section>
  );
}
