// A form drawn from a JSON schema (application profiles, access request details, credential data),
// honouring the x-agora-* field extensions of spec 2 §3 (src/ui/schemaForm/uiSchema.ts). The form
// library (rjsf + ajv) is a lazy chunk: nothing loads it until a form shows.
//
//   <SchemaForm schema={definition.schema} data={profile.data}
//     onChange={({ data, errors }) => { setData(data); setErrors(errors); }} readOnly={false} />
//
// onChange runs once when the form is ready (initial: true: the data with the schema's defaults
// and its error count, so a save button can start disabled) and on every edit after. Errors show
// under a field once it is left, or while typing with liveValidate.
import { lazy, Suspense } from 'react';
import { withTimeout } from '../elements/chunks.ts';
import { LoadingPlaceholder } from './Placeholders.tsx';

export interface SchemaFormChange {
  data: Record<string, unknown>;
  /** Problems of the data against the schema (0 when it may be saved). */
  errors: number;
  /** true for the one call made when the form is ready, before any edit. */
  initial: boolean;
}

export interface SchemaFormProps {
  /** A JSON schema (type object) with x-agora-* extensions. */
  schema: unknown;
  data?: unknown;
  onChange?: (change: SchemaFormChange) => void;
  readOnly?: boolean;
  /** Greys the whole form, e.g. while saving. */
  disabled?: boolean;
  /** Validate as the user types (default: when a field is left). */
  liveValidate?: boolean;
  /** Prefix of the controls' ids; give one per form when two forms share a page. */
  idPrefix?: string;
  /** Server errors by field (`data.companyName` or `companyName`) shown under their fields. */
  fieldErrors?: Record<string, string>;
  /** Offers a Decrypt button on x-agora-encrypted fields that have no value yet. */
  onDecrypt?: () => void | Promise<void>;
  decrypting?: boolean;
}

const RjsfForm = lazy(withTimeout(() => import('./schemaForm/RjsfForm.tsx')));

export function SchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<LoadingPlaceholder />}>
      <RjsfForm {...props} />
    </Suspense>
  );
}
