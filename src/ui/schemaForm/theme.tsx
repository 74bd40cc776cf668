// rjsf's templates and widgets in the house style (Tailwind classes, no Bootstrap names): labelled
// controls, errors under their field, x-agora-encrypted values masked until shown or decrypted,
// x-agora-copyable values with a copy button. Loaded only inside the schema form's lazy chunk.
import { useState, type ChangeEvent, type FocusEvent, type ReactNode } from 'react';
import {
  ariaDescribedByIds, enumOptionsDeselectValue, enumOptionsIsSelected, enumOptionsSelectValue, enumOptionValueDecoder,
  enumOptionValueEncoder, enumOptionSelectedValue, errorId, getInputProps, getOptionValueFormat, getUiOptions, helpId, optionId,
  type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type BaseInputTemplateProps, type DescriptionFieldProps,
  type FieldErrorProps, type FieldHelpProps, type FieldTemplateProps, type IconButtonProps, type ObjectFieldTemplateProps, type RegistryWidgetsType,
  type TemplatesType, type WidgetProps,
} from '@rjsf/utils';
import { CopyButton } from '../CopyButton.tsx';
import { useT } from '../i18n.ts';
import { IconClose, IconLock } from '../icons.tsx';
import { IconArrowDown, IconArrowUp } from '../moreIcons.tsx';
import { cx, FOCUS_RING } from '../tone.ts';

/** What the caller gives every field (SchemaForm's props). */
export interface SchemaFormContext {
  /** Fetches the decrypted values (e.g. GET /credentials/{id}?decrypt=true); absent: no decrypt button. */
  onDecrypt?: () => void | Promise<void>;
  decrypting?: boolean;
}

const CONTROL = cx(
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 placeholder-gray-400',
  'read-only:bg-gray-50 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500',
  FOCUS_RING,
);
const INVALID = 'border-danger';
const SMALL_BUTTON = cx('inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-40', FOCUS_RING);

function MaskedValue({ id, value, copyable, label, context, describedBy }: {
  id: string; value: string; copyable: boolean; label: string; context: SchemaFormContext; describedBy: string;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const has = value !== '';
  return (
    <div className="flex items-center gap-1">
      <input
        id={id} readOnly aria-describedby={describedBy}
        value={has && shown ? value : '••••••••••••'}
        className={cx(CONTROL, 'font-mono')}
      />
      {has ? (
        <button type="button" className={SMALL_BUTTON} aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? t('applications.form.hide') : t('applications.form.show')}
        </button>
      ) : context.onDecrypt ? (
        <button type="button" className={SMALL_BUTTON} disabled={context.decrypting} onClick={() => void context.onDecrypt?.()}>
          <IconLock /> {t('applications.form.decrypt')}
        </button>
      ) : null}
      {copyable && has && <CopyButton value={value} label={t('applications.form.copy', { field: label })} />}
    </div>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, type, placeholder, required, label, registry } = props;
  const context = (registry.formContext ?? {}) as SchemaFormContext;
  const copyLabel = useCopyLabel(label);
  const inputProps = getInputProps(schema, type, options);
  const text = value == null ? '' : String(value);
  if (options.encrypted && !options.decrypted) {
    return <MaskedValue id={id} value={text} copyable={!!options.copyable} label={label} context={context} describedBy={ariaDescribedByIds(id)} />;
  }
  const input = (
    <input
      id={id} name={htmlName || id} {...inputProps}
      value={inputProps.type === 'number' || inputProps.type === 'integer' ? (value || value === 0 ? value : '') : text}
      readOnly={readonly} disabled={disabled} autoFocus={autofocus} required={required} placeholder={placeholder}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride ?? ((e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value))}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
      className={cx(CONTROL, options.monospace ? 'font-mono' : '', rawErrors?.length ? INVALID : '')}
    />
  );
  if (!options.copyable) return input;
  return <div className="flex items-center gap-1">{input}<CopyButton value={text} label={copyLabel} disabled={!text} /></div>;
}

function useCopyLabel(label: string) {
  return useT()('applications.form.copy', { field: label });
}

function TextareaWidget({ id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, options, rawErrors, placeholder, required, label, registry }: WidgetProps) {
  const context = (registry.formContext ?? {}) as SchemaFormContext;
  const copyLabel = useCopyLabel(label);
  const text = value == null ? '' : String(value);
  if (options.encrypted && !options.decrypted) {
    return <MaskedValue id={id} value={text} copyable={!!options.copyable} label={label} context={context} describedBy={ariaDescribedByIds(id)} />;
  }
  const area = (
    <textarea
      id={id} name={htmlName || id} value={text} rows={typeof options.rows === 'number' ? options.rows : 4}
      readOnly={readonly} disabled={disabled} autoFocus={autofocus} required={required} placeholder={placeholder}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      className={cx(CONTROL, 'resize-y', options.monospace ? 'font-mono text-xs' : '', rawErrors?.length ? INVALID : '')}
    />
  );
  if (!options.copyable) return area;
  return <div className="flex items-start gap-1">{area}<CopyButton value={text} label={copyLabel} disabled={!text} /></div>;
}

function SelectWidget({ id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, options, rawErrors, required, schema, placeholder }: WidgetProps) {
  const t = useT();
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <select
      id={id} name={htmlName || id} value={selected as string} required={required} disabled={disabled || readonly} autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
      className={cx(CONTROL, 'pr-8', rawErrors?.length ? INVALID : '')}
    >
      {schema.default === undefined && <option value="">{placeholder || t('applications.form.choose')}</option>}
      {enumOptions.map(({ value: optionValue, label }, i) => (
        <option key={String(optionValue)} value={enumOptionValueEncoder(optionValue, i, format)} disabled={enumDisabled?.includes(optionValue)}>
          {label}
        </option>
      ))}
    </select>
  );
}

const CHOICE = 'h-4 w-4 shrink-0 border-gray-300 text-primary accent-[var(--agora-primary)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1';

function RadioWidget({ id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, options, required }: WidgetProps) {
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  return (
    <div id={id} role="radiogroup" aria-labelledby={`${id}__label`} aria-describedby={ariaDescribedByIds(id)} className="flex flex-wrap gap-x-5 gap-y-2">
      {enumOptions.map((option, i) => (
        <label key={String(option.value)} className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input
            type="radio" id={optionId(id, i)} name={htmlName || id} required={required}
            checked={enumOptionsIsSelected(option.value, value)}
            value={enumOptionValueEncoder(option.value, i, format)}
            disabled={disabled || readonly || enumDisabled?.includes(option.value)} autoFocus={autofocus && i === 0}
            onChange={() => onChange(option.value)}
            onBlur={(e) => onBlur(id, enumOptionValueDecoder(e.target.value, enumOptions, format, emptyValue))}
            onFocus={(e) => onFocus(id, enumOptionValueDecoder(e.target.value, enumOptions, format, emptyValue))}
            className={cx(CHOICE, 'rounded-full')}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

function CheckboxesWidget({ id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, options }: WidgetProps) {
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const values = Array.isArray(value) ? value : [value];
  return (
    <div id={id} role="group" aria-labelledby={`${id}__label`} aria-describedby={ariaDescribedByIds(id)} className="flex flex-col gap-2">
      {enumOptions.map((option, i) => (
        <label key={String(option.value)} className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox" id={optionId(id, i)} name={htmlName || id}
            checked={enumOptionsIsSelected(option.value, values)}
            value={enumOptionValueEncoder(option.value, i, format)}
            disabled={disabled || readonly || enumDisabled?.includes(option.value)} autoFocus={autofocus && i === 0}
            onChange={(e) => onChange(e.target.checked ? enumOptionsSelectValue(i, values, enumOptions) : enumOptionsDeselectValue(i, values, enumOptions))}
            onBlur={(e) => onBlur(id, enumOptionValueDecoder(e.target.value, enumOptions, format, emptyValue))}
            onFocus={(e) => onFocus(id, enumOptionValueDecoder(e.target.value, enumOptions, format, emptyValue))}
            className={cx(CHOICE, 'rounded')}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

function CheckboxWidget({ id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, label, required }: WidgetProps) {
  return (
    <label className="inline-flex items-start gap-2 text-sm text-gray-800">
      <input
        type="checkbox" id={id} name={htmlName || id} checked={value === true}
        disabled={disabled || readonly} autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={(e) => onBlur(id, e.target.checked)}
        onFocus={(e) => onFocus(id, e.target.checked)}
        className={cx(CHOICE, 'mt-0.5 rounded')}
      />
      <span>{label}{required && <span aria-hidden="true" className="text-danger"> *</span>}</span>
    </label>
  );
}

/** One field: label (a group label for radio buttons and checkbox lists), control, help, errors. */
function FieldTemplate({ id, label, children, errors, help, description, hidden, required, displayLabel, uiSchema, schema, rawErrors }: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const isGroup = widget === 'radio' || widget === 'checkboxes' || schema.type === 'array';
  const showLabel = displayLabel && widget !== 'checkbox' && schema.type !== 'boolean' && label;
  const labelContent = <>{label}{required && <span aria-hidden="true" className="text-danger"> *</span>}</>;
  return (
    <div className={cx('flex flex-col gap-1.5', rawErrors?.length ? 'agora-field-invalid' : '')}>
      {showLabel && (isGroup
        ? <span id={`${id}__label`} className="text-sm font-medium text-gray-800">{labelContent}</span>
        : <label htmlFor={id} className="text-sm font-medium text-gray-800">{labelContent}</label>)}
      {displayLabel && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    <ul id={errorId(fieldPathId)} className="m-0 list-none p-0 text-sm text-danger-ink">
      {list.map((error, i) => <li key={i}>{error}</li>)}
    </ul>
  );
}

function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return <p id={helpId(fieldPathId)} className="m-0 text-xs text-gray-500">{help}</p>;
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return <p id={id} className="m-0 text-xs text-gray-500">{description}</p>;
}

function ObjectFieldTemplate({ title, description, properties, fieldPathId, required }: ObjectFieldTemplateProps) {
  const visible = properties.filter((p) => !p.hidden);
  const root = fieldPathId.path.length === 0;
  const body = <div className="flex flex-col gap-4">{visible.map((p) => <div key={p.name}>{p.content}</div>)}{properties.filter((p) => p.hidden).map((p) => <div key={p.name}>{p.content}</div>)}</div>;
  if (root) return body;
  return (
    <fieldset id={fieldPathId.$id} className="m-0 rounded-md border border-gray-200 p-3">
      {title && <legend className="px-1 text-sm font-medium text-gray-800">{title}{required && <span aria-hidden="true" className="text-danger"> *</span>}</legend>}
      {description && <p className="mb-2 mt-0 text-xs text-gray-500">{description}</p>}
      {body}
    </fieldset>
  );
}

function ArrayFieldTemplate({ items, canAdd, onAddClick, disabled, readonly, fieldPathId, registry, uiSchema }: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <div id={fieldPathId.$id} role="group" aria-labelledby={`${fieldPathId.$id}__label`} className="flex flex-col gap-2">
      {items}
      {canAdd && !readonly && (
        <div><AddButton onClick={onAddClick} disabled={disabled} registry={registry} uiSchema={uiSchema} /></div>
      )}
    </div>
  );
}

function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, registry }: ArrayFieldItemTemplateProps) {
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar && <div className="flex shrink-0 items-center"><Buttons {...buttonsProps} /></div>}
    </div>
  );
}

function iconButton(labelKey: 'applications.form.add' | 'applications.form.remove' | 'applications.form.moveUp' | 'applications.form.moveDown' | 'applications.form.duplicate' | 'applications.form.clear', icon: ReactNode, withText = false) {
  return function IconButton({ onClick, disabled, id }: IconButtonProps) {
    const t = useT();
    const text = t(labelKey);
    return (
      <button type="button" id={id} onClick={onClick} disabled={disabled} aria-label={withText ? undefined : text} title={text} className={SMALL_BUTTON}>
        {icon}{withText && <span>{text}</span>}
      </button>
    );
  };
}

export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate: () => null,
  ButtonTemplates: {
    AddButton: iconButton('applications.form.add', <span aria-hidden="true" className="text-base leading-none">+</span>, true),
    RemoveButton: iconButton('applications.form.remove', <IconClose />),
    MoveUpButton: iconButton('applications.form.moveUp', <IconArrowUp />),
    MoveDownButton: iconButton('applications.form.moveDown', <IconArrowDown />),
    CopyButton: iconButton('applications.form.duplicate', <span aria-hidden="true">⧉</span>),
    ClearButton: iconButton('applications.form.clear', <IconClose />),
    SubmitButton: () => null,
  },
};

export const widgets: RegistryWidgetsType = {
  TextareaWidget, SelectWidget, RadioWidget, CheckboxesWidget, CheckboxWidget,
  textarea: TextareaWidget, select: SelectWidget, radio: RadioWidget, checkboxes: CheckboxesWidget, checkbox: CheckboxWidget,
};
