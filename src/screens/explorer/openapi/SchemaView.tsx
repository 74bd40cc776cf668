// A schema as a tree that draws only what is open: one level at first, deeper levels on demand.
// Operations of large descriptions carry schemas of hundreds of kilobytes; drawing them whole
// would freeze the tab, drawing one level costs nothing.
import { useState } from 'react';
import { useMessages } from '../../../i18n/intl.ts';
import { IconChevronDown, IconChevronRight } from '../../../ui/icons.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { isObject, refName, typeLabel, type Json } from './model.ts';

/** Properties drawn per object before a "show all" button. */
const PROPERTIES_SHOWN = 60;

function childrenOf(schema: Json): { kind: 'properties' | 'items' | 'variants'; entries: Array<[string, Json, boolean]> } | null {
  if (schema['x-circular'] === true) return null;
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const entries: Array<[string, Json, boolean]> = Object.entries(isObject(schema.properties) ? schema.properties : {})
      .filter(([, v]) => isObject(v))
      .map(([k, v]) => [k, v as Json, required.has(k)]);
    if (isObject(schema.additionalProperties)) entries.push(['[key: string]', schema.additionalProperties, false]);
    return entries.length ? { kind: 'properties', entries } : null;
  }
  if (isObject(schema.items)) {
    const inner = childrenOf(schema.items);
    return inner;
  }
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
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (typeof schema[key] === 'number') parts.push(`${key}: ${schema[key] as number}`);
  }
  if (!parts.length) return null;
  return <span className="block text-xs text-gray-500">{parts.join(' · ')}</span>;
}

export function SchemaView({ schema, label }: { schema: Json; label?: string }) {
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
      {children && <SchemaChildren entries={children.entries} depth={0} />}
    </div>
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
  const [open, setOpen] = useState(false);
  const children = childrenOf(schema);
  const label = (
    <>
      <span className="font-mono text-[12.5px] font-medium text-gray-900">{name}</span>
      {required && <span className="text-xs text-danger" title={t('explorer.param.required')}>*</span>}
      <span className="font-mono text-xs text-primary">{typeLabel(schema)}</span>
      {schema.deprecated === true && <span className="text-xs text-gray-400">{t('explorer.op.deprecated')}</span>}
      {schema.readOnly === true && <span className="text-xs text-gray-400">{t('explorer.schema.readOnly')}</span>}
      {schema['x-circular'] === true && <CircularNote schema={schema} />}
    </>
  );
  return (
    <li className="py-1">
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
      {open && children && <SchemaChildren entries={children.entries} depth={depth + 1} />}
    </li>
  );
}
