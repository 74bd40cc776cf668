// Labelled form controls of the applications panels, in the house style.
import { useId, type ReactNode } from 'react';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export const CONTROL = cx(
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 placeholder-gray-400 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500',
  FOCUS_RING,
);

export function Field({ label, required, error, hint, children }: {
  label: string; required?: boolean; error?: string | null; hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined; className: string }) => ReactNode;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}{required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, className: cx(CONTROL, error ? 'border-danger' : 'border-gray-300') })}
      {hint && <p id={`${id}-hint`} className="m-0 text-xs text-gray-500">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="m-0 text-sm text-danger-ink">{error}</p>}
    </div>
  );
}
