// What people read for the answers given in a definition's schema form (spec 2 §3). A choice
// field names its values with `oneOf` (or `anyOf`) of `const` + `title`; the form lists those
// titles, and the read-only summaries (the wizard's preview, the approvals queue) show the chosen
// value's title too, never the stored value ("Online shop checkout", not "ecommerce"). Pure.
import { orderedProperties } from '../ui/schemaForm/uiSchema.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const raw = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/** The title of `value` among the field's choices; the value itself when the field names none.
 * An array (a multiple choice) gives its items' titles, comma separated. */
export function choiceTitle(field: unknown, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => choiceTitle(isObject(field) ? field.items : undefined, item)).join(', ');
  if (!isObject(field)) return raw(value);
  const alternatives = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : [];
  const chosen = alternatives.find((a): a is Json => isObject(a) && 'const' in a && a.const === value);
  return chosen && typeof chosen.title === 'string' && chosen.title.trim() ? chosen.title : raw(value);
}

export interface GivenAnswer {
  name: string;
  /** The field's title (its name when it has none). */
  label: string;
  /** The answer as people read it; a yes/no field stays a boolean for the screen to word. */
  value: string | boolean;
}

/** The answers in `data`, in the form's order (x-agora-order), labelled and with chosen values
 * titled. Hidden fields and empty answers are left out; answers to fields the schema no longer
 * has come last, under their own names. */
export function givenInformation(schema: unknown, data: unknown): GivenAnswer[] {
  if (!isObject(data)) return [];
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const names = [...orderedProperties(properties), ...Object.keys(data).filter((name) => !(name in properties))];
  const answers: GivenAnswer[] = [];
  for (const name of names) {
    const value = data[name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    const field = properties[name];
    if (isObject(field) && field['x-agora-hidden'] === true) continue;
    const title = isObject(field) && typeof field.title === 'string' && field.title.trim() ? field.title : name;
    answers.push({ name, label: title, value: typeof value === 'boolean' ? value : choiceTitle(field, value) });
  }
  return answers;
}
