// A labelled group of checkboxes choosing several values (filter panels: states, statuses…).
// Each box carries data-filter="<name>-<value>" for tests.
export interface CheckboxGroupProps<V extends string> {
  legend: string;
  /** Prefix of each box's data-filter. */
  name: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  selected: readonly V[];
  onChange: (selected: V[]) => void;
}

export function CheckboxGroup<V extends string>({ legend, name, options, selected, onChange }: CheckboxGroupProps<V>) {
  return (
    <fieldset className="m-0 border-0 p-0">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{legend}</legend>
      {options.map(({ value, label }) => (
        <label key={value} className="flex items-center gap-2 py-0.5 text-sm text-gray-800">
          <input type="checkbox" className="h-4 w-4 accent-primary" data-filter={`${name}-${value}`} checked={selected.includes(value)}
            onChange={() => onChange(selected.includes(value) ? selected.filter((x) => x !== value) : [...selected, value])} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
