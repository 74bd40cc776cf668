// The schema form itself: rjsf with ajv 8, in the house theme. Only SchemaForm.tsx imports this
// module, dynamically, so rjsf and ajv (~124 KB gzip) load with the first form, never on a
// catalogue page.
import { useEffect, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/core';
import { getDefaultFormState, type ErrorSchema, type RJSFSchema, type RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useT } from '../i18n.ts';
import type { SchemaFormProps } from '../SchemaForm.tsx';
import { errorSchemaOf, uiSchemaFor } from './uiSchema.ts';
import { templates, widgets, type SchemaFormContext } from './theme.tsx';

type Data = Record<string, unknown>;

function asSchema(schema: unknown): RJSFSchema {
  const copy = schema && typeof schema === 'object' ? { ...(schema as RJSFSchema) } : { type: 'object' as const };
  // A stored $id would clash with another form's schema of the same $id in the shared ajv.
  delete copy.$id;
  return copy;
}

// A `const: true` consent box ("I accept the terms") must be ticked by the user, not pre-filled.
const DEFAULTS = { constAsDefaults: 'never' } as const;

function errorCount(schema: RJSFSchema, data: Data): number {
  return validator.validateFormData(data, schema).errors.length;
}

export default function RjsfForm({ schema, data, onChange, readOnly, disabled, liveValidate, idPrefix, fieldErrors, onDecrypt, decrypting }: SchemaFormProps) {
  const t = useT();
  const rjsfSchema = useMemo(() => asSchema(schema), [schema]);
  const uiSchema = useMemo(() => ({ ...uiSchemaFor(schema), 'ui:submitButtonOptions': { norender: true } }), [schema]);
  const formData = useMemo(
    () => getDefaultFormState(validator, rjsfSchema, (data ?? {}) as Data, undefined, false, DEFAULTS) as Data,
    [rjsfSchema, data],
  );
  // Errors show once the user leaves a field; from then on they follow every keystroke, so a field
  // just filled in never keeps the "This field is required." of a moment ago (issue 28).
  const [left, setLeft] = useState(false);
  const context = useMemo<SchemaFormContext>(() => ({ onDecrypt, decrypting }), [onDecrypt, decrypting]);
  const extraErrors = useMemo(() => errorSchemaOf(fieldErrors) as ErrorSchema | undefined, [fieldErrors]);

  // Callers learn the defaults and the initial error count once, before any edit (save buttons
  // start disabled on an invalid form).
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (reported.current === rjsfSchema) return;
    reported.current = rjsfSchema;
    onChange?.({ data: formData, errors: errorCount(rjsfSchema, formData), initial: true });
  }, [rjsfSchema, formData, onChange]);

  // ajv's English messages for the commonest cases, in the reader's language.
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      if (error.name === 'required') return { ...error, message: t('applications.form.required') };
      if (error.name === 'format') return { ...error, message: t('applications.form.format') };
      // A choice field (oneOf of const + title) fails its oneOf as well as each const.
      if (error.name === 'const' || error.name === 'enum' || error.name === 'oneOf') return { ...error, message: t('applications.form.choice') };
      return error;
    });

  return (
    <Form
      schema={rjsfSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      templates={templates}
      widgets={widgets}
      formContext={context}
      idPrefix={idPrefix}
      readonly={readOnly}
      disabled={disabled}
      liveValidate={liveValidate || left ? 'onChange' : 'onBlur'}
      onBlur={() => setLeft(true)}
      showErrorList={false}
      noHtml5Validate
      experimental_defaultFormStateBehavior={DEFAULTS}
      extraErrors={extraErrors}
      transformErrors={transformErrors}
      onChange={(event) => {
        const next = (event.formData ?? {}) as Data;
        onChange?.({ data: next, errors: errorCount(rjsfSchema, next), initial: false });
      }}
      onSubmit={() => undefined}
      tagName="div"
    />
  );
}
