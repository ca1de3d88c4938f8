'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A disclosure (WAI-ARIA APG "disclosure navigation menu"): a button with aria-expanded that
 * shows and hides the panel it controls. It closes when the page changes, on Escape (focus back on
 * its button), on a click outside it and when focus leaves it, so a keyboard user never has an
 * open panel left behind.
 */
function useDisclosure() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Following a link closes the panel (adjusted while rendering, as the typeahead does).
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && root.current && !root.current.contains(next)) setOpen(false);
  };

  return { open, setOpen, root, button, onBlur };
}

function Caret({ open }: { open: boolean }) {
  return (
    <span aria-hidden="true" className="text-xs">
      {open ? '▴' : '▾'}
    </span>
  );
}

/**
 * The header's account menu: the button names who is signed in and their role (once); the panel
 * holds their own account, the administrator's pages (for admins) and Sign out.
 */
export function AccountMenu({ label, children }: { label: ReactNode; children: ReactNode }) {
  const { open, setOpen, root, button, onBlur } = useDisclosure();
  const panelId = useId();
  return (
    <div ref={root} onBlur={onBlur} className="relative md:order-last">
      <Button ref={button} size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="max-w-full" data-testid="account-menu-button">
        {label}
        <Caret open={open} />
      </Button>
      <div id={panelId} hidden={!open} className="z-40 mt-1 w-full min-w-56 rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg md:absolute md:right-0 md:w-auto">
        {children}
      </div>
    </div>
  );
}

/**
 * Below tablet width (768 px) the main navigation and the account menu fold behind one Menu
 * button; from 768 px they are in the header's row (the panel is `display: contents` there, so its
 * children are the row's own items).
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { open, setOpen, root, button, onBlur } = useDisclosure();
  const panelId = useId();
  return (
    // `contents`: the button and the panel are items of the header's row themselves.
    <div ref={root} onBlur={onBlur} className="contents">
      <Button ref={button} size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} className="ml-auto md:hidden">
        Menu <Caret open={open} />
      </Button>
      <div id={panelId} className={`${open ? 'flex' : 'hidden'} flex-col gap-3 border-t border-slate-200 pt-3 max-md:order-2 max-md:basis-full md:contents`}>
        {children}
      </div>
    </div>
  );
}
