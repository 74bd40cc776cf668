// The portal's list of confirm-on-leave blockers (ConfirmLeave.tsx registers them): apart from
// the dialog so the portal's shell, on the landing route, carries the list and not the dialog.
import { createContext } from 'react';

/** Asked before an in-app navigation: calls proceed() to let it happen, or never to stay. */
export type LeaveBlocker = (proceed: () => void) => void;

/** Where a form with unsaved edits registers its blocker: the router of <agora-portal> provides
 * it and asks the newest blocker before every navigation. Outside the portal there is none. */
export interface LeaveGuards {
  add(blocker: LeaveBlocker): () => void;
}

export const LeaveGuardContext = createContext<LeaveGuards | null>(null);

/** A blocker list for a router: add() registers, ask() runs the navigation through the newest. */
export function createLeaveGuards(): LeaveGuards & { ask(proceed: () => void): void } {
  let blockers: LeaveBlocker[] = [];
  return {
    add(blocker) {
      blockers = [...blockers, blocker];
      return () => { blockers = blockers.filter((b) => b !== blocker); };
    },
    ask(proceed) {
      const newest = blockers[blockers.length - 1];
      if (newest) newest(proceed);
      else proceed();
    },
  };
}
