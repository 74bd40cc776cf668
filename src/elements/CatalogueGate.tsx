// Catalogue screens, in the portal and as elements, load only for whom spec 1 §6 lets load the
// catalogue: anyone else sees the unauthorized message in their place, instead of a screen whose
// every part fails on its own 403 (the filters, the list, the featured categories).
import { lazy, Suspense, type ReactNode } from 'react';
import { useCatalogueAccess } from '../api/auth.ts';

// Rarely shown, so it stays out of the chunk every element loads.
const Unauthorized = lazy(() => import('../ui/Placeholders.tsx').then((m) => ({ default: m.UnauthorizedPlaceholder })));

export function CatalogueGate({ children }: { children: ReactNode }): ReactNode {
  const access = useCatalogueAccess();
  if (access === 'pending') return null; // one round trip at most, before the screen's own
  if (access === 'open') return children;
  return (
    <Suspense fallback={null}>
      <Unauthorized className="py-16" />
    </Suspense>
  );
}
