// A schema as a tree that draws only what is open: one level at first, deeper levels on demand.
// A `$ref` is drawn by name and fetched when the reader opens it (…/spec/schemas/{id}, kept in
// the shared cache), one level at a time: the server stores each referenced schema once and
// never expands one into another, so recursive and heavily shared schemas cost their own size.
// A reference already open above a node is a cycle: marked, not opened again.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSpecSchema } from '../../../api/explorer.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { IconChevronDown, IconChevronRight } from '../../../ui/moreIcons.tsx';
import { ErrorPlaceholder, LoadingPlaceholder } from '../../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { useConsole } from '../console/context.tsx';
import { isObject, refName, typeLabel, type Json } from './model.ts';

interface RefScope {
  /** Ids of the references in reach: the operation's, then each opened schema's own. */
  ids: Record<string, number>;
  /** References open above this point (a cycle when met again). */
  open: string[];
}

const Scope = createContext<RefScope>({ ids: {}, open: [] });

/** The operation's reference ids, for every schema drawn inside. */
export function SchemaIds({ ids, children }: { ids: Record<string, number> | undefined; children: ReactNode }) {
  const scope = useMemo(() => ({ ids: ids ?? {}, open: [] }), [ids]);
  return <Scope.Provider value={scope}>{children}</Scope.Provider>;
}

const refOf = (schema: Json): string | null => (typeof schema.$ref === 'string' ? schema.$ref : null);

/** Fetches a referenced schema and draws what `render` makes of it, inside its own scope. */
function Referenced({ reference, render }: { reference: string; render: (schema: Json) => ReactNode }) {
  const { t } = useMessages('explorer');
  const { productId, versionId, resourceId } = useConsole();
  const parent = useContext(Scope);
  const id = parent.ids[reference];
  const { data, error, mutate } = useSpecSchema(productId, versionId, resourceId, id ?? null);
  const scope = useMemo(() => ({ ids: { ...parent.ids, ...(data?.schemas ?? {}) }, open: [...parent.open, reference] }), [parent, data, reference]);
  if (id === undefined) return null;
  if (error) return <ErrorPlaceholder title={t('explorer.op.error')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingPlaceholder className="py-2" />;
  const schema = isObject(data.schema) ? data.schema : {};
  return <Scope.Provider value={scope}>{render(schema)}</Scope.Provider>;
}

/** Properties drawn per object before a "show all" button. */
const PROPERTIES_SHOWN = 60;

type Children = { kind: 'properties' | 'items' | 'variants'; entries: Array<[string, Json, boolean]> } | { kind: 'ref'; ref: string };

function childrenOf(schema: Json): Children | null {
  if (schema['x-circular'] === true) return null;
  const ref = refOf(schema);
  if (ref) return { kind: 'ref', ref };
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const entries: Array<[string, Json, boolean]> = Object.entries(isObject(schema.properties) ? schema.properties : {})
      .filter(([, v]) => isObject(v))
      .map(([k, v]) => [k, v as Json, required.has(k)]);
    if (isObject(schema.additionalProperties)) entries.push(['[key: string]', schema.additionalProperties, false]);
    return entries.length ? { kind: 'properties', entries } : null;
  }
  if (isObject(schema.items)) return childrenOf(schema.items);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants) && variants.length) {
      return {
        kind: 'variants',
        entries: variants.filter(isObject).map((v, i) => [`${key} ${i + 1}${v.title ? ` · ${String(v.title)}` : refName(v.$ref) ? ` · ${refName(v.$ref)}` : ''}`, v, false]),
      };
    }
  }
  return null;
}

function Constraints({ schema }: { schema: Json }) {
  const { t } = useMessages('explorer');
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(t('explorer.schema.enum', { values: schema.enum.slice(0, 12).map((v) => JSON.stringify(v)).join(', ') + (schema.enum.length > 12 ? ', …' : '') }));
  if (schema.default !== undefined) parts.push(t('explorer.schema.default', { value: JSON.stringify(schema.default) }));
  if (typeof schema.pattern === 'string') parts.push(t('explorer.schema.pattern', { value: schema.pattern }));
  const example = schema.example !== undefined ? schema.example : Array.isArray(schema.examples) ? schema.examples[0] : undefined;
  if (example !== undefined) parts.push(t('explorer.schema.example', { value: shortJson(example) }));
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (typeof schema[key] === 'number') parts.push(`${key}: ${schema[key] as number}`);
  }
  if (!parts.length) return null;
  return <span className="block text-xs text-gray-500">{parts.join(' · ')}</span>;
}

/** A value in a line: long ones cut (the whole example shows in the example view). */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

export function SchemaView({ schema, label }: { schema: Json; label?: string }) {
  const ref = refOf(schema);
  const { open, ids } = useContext(Scope);
  // An external or unknown reference is drawn by its name only.
  if (ref && schema['x-circular'] !== true && !open.includes(ref) && ids[ref] !== undefined) {
    // Drawn as the schema it names, its own words (description…) over the target's.
    const { $ref: _, ...siblings } = schema;
    return <Referenced reference={ref} render={(target) => <SchemaView schema={{ ...target, ...siblings }} label={label ?? refName(ref) ?? undefined} />} />;
  }
  const children = childrenOf(schema);
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm" data-schema="">
      <div className="flex flex-wrap items-baseline gap-2">
        {label && <span className="font-medium text-gray-700">{label}</span>}
        <span className="font-mono text-xs text-primary">{typeLabel(schema)}</span>
        {schema['x-circular'] === true && <CircularNote schema={schema} />}
      </div>
      {typeof schema.description === 'string' && schema.description && <p className="m-0 mt-1 text-xs text-gray-600">{schema.description}</p>}
      <Constraints schema={schema} />
      {children && <ChildrenOf children={children} depth={0} />}
    </div>
  );
}

/** The entries of a node, fetching them first when they sit behind a reference. */
function ChildrenOf({ children, depth }: { children: Children; depth: number }) {
  if (children.kind !== 'ref') return <SchemaChildren entries={children.entries} depth={depth} />;
  return (
    <Referenced reference={children.ref} render={(target) => {
      const inner = childrenOf(target);
      return inner ? <ChildrenOf children={inner} depth={depth} /> : null;
    }} />
  );
}

function CircularNote({ schema }: { schema: Json }) {
  const { t } = useMessages('explorer');
  return <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-500" title={String(schema.$ref ?? '')}>{t('explorer.schema.circular')}</span>;
}

function SchemaChildren({ entries, depth }: { entries: Array<[string, Json, boolean]>; depth: number }) {
  const { t } = useMessages('explorer');
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, PROPERTIES_SHOWN);
  return (
    <ul className={cx('m-0 mt-1 list-none p-0', depth > 0 && 'ml-3 border-l border-gray-200 pl-3')}>
      {shown.map(([name, schema, required]) => <SchemaNode key={name} name={name} schema={schema} required={required} depth={depth} />)}
      {!all && entries.length > PROPERTIES_SHOWN && (
        <li>
          <button type="button" className={cx('mt-1 rounded px-1 text-xs font-medium text-primary hover:underline', FOCUS_RING)} onClick={() => setAll(true)}>
            {t('explorer.schema.showAll', { count: entries.length })}
          </button>
        </li>
      )}
    </ul>
  );
}

function SchemaNode({ name, schema, required, depth }: { name: string; schema: Json; required: boolean; depth: number }) {
  const { t } = useMessages('explorer');
  const scope = useContext(Scope);
  const [open, setOpen] = useState(false);
  const found = childrenOf(schema);
  // A reference open above (or one the server does not have) cannot be opened here.
  const cycle = found?.kind === 'ref' && scope.open.includes(found.ref);
  const children = found && !(found.kind === 'ref' && (cycle || scope.ids[found.ref] === undefined)) ? found : null;
  const label = (
    <>
      <span className="font-mono text-[12.5px] font-medium text-gray-900">{name}</span>
      {required && <span className="text-xs text-danger" title={t('explorer.param.required')}>*</span>}
      <span className="font-mono text-xs text-primary">{typeLabel(schema)}</span>
      {schema.deprecated === true && <span className="text-xs text-gray-400">{t('explorer.op.deprecated')}</span>}
      {schema.readOnly === true && <span className="text-xs text-gray-400">{t('explorer.schema.readOnly')}</span>}
      {(schema['x-circular'] === true || cycle) && <CircularNote schema={schema} />}
    </>
  );
  return (
    <li className="py-1" data-schema-node={name}>
      {children ? (
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className={cx('flex flex-wrap items-center gap-1.5 rounded border-0 bg-transparent p-0 text-left', FOCUS_RING)}>
          {open ? <IconChevronDown size={14} className="text-gray-400" /> : <IconChevronRight size={14} className="text-gray-400" />}
          {label}
        </button>
      ) : (
        <span className="flex flex-wrap items-center gap-1.5 pl-[20px]">{label}</span>
      )}
      {typeof schema.description === 'string' && schema.description && (
        <p className="m-0 pl-[20px] text-xs text-gray-600">{schema.description.length > 400 ? `${schema.description.slice(0, 400)}…` : schema.description}</p>
      )}
      <span className="block pl-[20px]"><Constraints schema={schema} /></span>
      {open && children && <ChildrenOf children={children} depth={depth + 1} />}
    </li>
  );
}
