'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';
import { IDLE, type ActionState } from '@/lib/actions/action-state';
import { FormMessage } from '@/components/ui/form-message';

/**
 * The inbox's one status line: what a Review panel or the bulk form just did. It stays on the page
 * when the change it speaks of leaves the list (acknowledged, it is no longer New), which a
 * message inside the row's own panel could not.
 */
const InboxStatusContext = createContext<((state: ActionState) => void) | null>(null);

/** Where a form in the inbox reports its result; null outside the inbox (a change's own page keeps its message). */
export function useInboxStatus(): ((state: ActionState) => void) | null {
  return useContext(InboxStatusContext);
}

export function InboxStatus({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ActionState>(IDLE);
  return (
    <InboxStatusContext.Provider value={setState}>
      <div data-testid="inbox-status" className="empty:hidden">
        <FormMessage layout="inline" state={state} />
      </div>
      {children}
    </InboxStatusContext.Provider>
  );
}
