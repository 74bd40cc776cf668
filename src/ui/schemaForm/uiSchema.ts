// The schema-form field extensions of spec 2 §3, written in definitions as `x-agora-<name>`
// (server/seed/definitions.ts), turned into rjsf's uiSchema. Pure: no rjsf import, so the rules
// are unit tested and the lazy chunk holds only the rendering.

export const SCHEMA_FORM_WIDGETS = ['select', 'radio', 'checkbox', 'checkboxes', 'textarea'] as const;
export type SchemaFormWidget = (typeof SCHEMA_FORM_WIDGETS)[number];

type Json = Record<string, unknown>;
type UiSchema = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Property names in display order: x-agora-order ascending, unordered ones after, in schema order. */
export function orderedProperties(properties: Json): string[] {
  const names = Object.keys(properties);
  const orderOf = (name: string) => {
    const field = properties[name];
    const order = isObject(field) ? field['x-agora-order'] : undefined;
    return typeof order === 'number' && Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
  };
  return names
    .map((name, index) => ({ name, index, order: orderOf(name) }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((entry) => entry.name);
}

/** The uiSchema of one field (and, for objects and arrays, of what they hold). */
export function uiSchemaFor(schema: unknown): UiSchema {
  if (!isObject(schema)) return {};
  const ui: UiSchema = {};
  const options: Json = {};
  const label = schema['x-agora-label'];
  if (typeof label === 'string' && label.trim()) ui['ui:title'] = label;
  const placeholder = schema['x-agora-placeholder'];
  if (typeof placeholder === 'string') ui['ui:placeholder'] = placeholder;
  const widget = schema['x-agora-widget'];
  if (typeof widget === 'string' && (SCHEMA_FORM_WIDGETS as readonly string[]).includes(widget)) ui['ui:widget'] = widget;
  if (schema['x-agora-hidden'] === true) ui['ui:widget'] = 'hidden';
  const extra = schema['x-agora-options'];
  if (isObject(extra)) {
    if (typeof extra.rows === 'number' && extra.rows > 0) options.rows = Math.min(Math.floor(extra.rows), 40);
    if (extra.monospace === true) options.monospace = true;
  }
  if (schema['x-agora-encrypted'] === true) options.encrypted = true;
  if (schema['x-agora-decrypted'] === true) options.decrypted = true;
  if (schema['x-agora-copyable'] === true) options.copyable = true;
  if (Object.keys(options).length) ui['ui:options'] = options;

  if (isObject(schema.properties)) {
    ui['ui:order'] = [...orderedProperties(schema.properties), '*'];
    for (const [name, field] of Object.entries(schema.properties)) {
      const child = uiSchemaFor(field);
      if (Object.keys(child).length) ui[name] = child;
    }
  }
  // An array of strings shows its item's placeholder in each row; the array's own label stays.
  if (isObject(schema.items) && schema['x-agora-widget'] !== 'checkboxes') {
    const items = uiSchemaFor({ ...schema.items, 'x-agora-placeholder': schema.items['x-agora-placeholder'] ?? placeholder });
    delete items['ui:title'];
    if (Object.keys(items).length) ui.items = items;
  }
  return ui;
}

/** Server errors naming `data.<field>` (or `<field>`), as rjsf's ErrorSchema for those fields. */
export function errorSchemaOf(fieldErrors: Record<string, string> | undefined, prefix = 'data'): Json | undefined {
  if (!fieldErrors) return undefined;
  const root: Json = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const parts = path.split('.').filter(Boolean);
    if (parts[0] === prefix) parts.shift();
    let node = root;
    for (const part of parts) {
      node[part] = isObject(node[part]) ? node[part] : {};
      node = node[part] as Json;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return Object.keys(root).length ? root : undefined;
}
