// The shell's own loading indicator (shown after LOADING_DELAY_MS, like src/ui's placeholder),
// so the landing route does not download the shared UI pieces for a spinner.
import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from '../../rules/constants.ts';

export function Spinner({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2.5 py-24 text-sm text-gray-500">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
      <span>{label}</span>
    </div>
  );
}
