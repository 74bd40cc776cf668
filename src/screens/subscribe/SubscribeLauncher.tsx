// Who opens the subscription side panel: the product page (its subscribe and add buttons, the
// plan cards, the plan page) and <agora-subscribe-button> each wrap their part in a
// SubscribeProvider; a button asks useSubscribeLauncher() to open the panel, for one plan or with
// the plan still to choose. The panel is a chunk of its own, loaded on the first open.
//
//   <SubscribeProvider productId={id}>…<Button onClick={() => launcher?.open(plan.id)} />…</SubscribeProvider>
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { withTimeout } from '../../elements/chunks.ts';

export interface SubscribeLauncher {
  /** Opens the panel; without a plan the panel asks for one first. */
  open(planId?: string | null): void;
}

const LauncherContext = createContext<SubscribeLauncher | null>(null);

/** null outside a SubscribeProvider (a subscribe action then has nothing to open). */
export const useSubscribeLauncher = (): SubscribeLauncher | null => useContext(LauncherContext);

const SubscribePanel = lazy(withTimeout(() => import('./SubscribePanel.tsx')));

export function SubscribeProvider({ productId, children }: { productId: string; children: ReactNode }) {
  // `run` changes on every open, so each opening starts a fresh panel (no state left from the last).
  const [opened, setOpened] = useState<{ planId: string | null; run: number } | null>(null);
  const open = useCallback((planId?: string | null) => setOpened((o) => ({ planId: planId ?? null, run: (o?.run ?? 0) + 1 })), []);
  const launcher = useMemo(() => ({ open }), [open]);
  return (
    <LauncherContext.Provider value={launcher}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <SubscribePanel key={opened.run} productId={productId} planId={opened.planId} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </LauncherContext.Provider>
  );
}
