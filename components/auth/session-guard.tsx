'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { loginPath } from '@/lib/auth/callback-url';
import { FORM_KEPT_PREFIX, formFields, restoreFields, type KeptForm } from '@/lib/auth/kept-form';
import { TextAnchor } from '@/components/ui/text-link';

/** Submissions already checked: the next submit event of these forms goes through untouched. */
const checked = new WeakSet<HTMLFormElement>();

/** A form that navigates with GET to a page of its own (a search, a filter): the proxy sends it to sign-in with its callback. */
function navigates(form: HTMLFormElement): boolean {
  const action = form.getAttribute('action');
  return form.method === 'get' && action !== null && !action.startsWith('javascript:');
}

/** Whether the browser's session still works (next-auth's own answer; a network failure is not a sign-out). */
async function sessionActive(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/session', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return true;
    const body = (await res.json().catch(() => null)) as { user?: unknown } | null;
    return Boolean(body?.user);
  } catch {
    return true;
  }
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

type Notice = { container: HTMLElement; kind: 'signed-out' | 'restored'; back: string };

/** Where a notice goes: the end of the form it is about. */
function noticeContainer(form: HTMLFormElement): HTMLElement {
  const existing = form.querySelector<HTMLElement>(':scope > [data-session-notice]');
  if (existing) return existing;
  const container = document.createElement('div');
  container.setAttribute('data-session-notice', '');
  form.append(container);
  return container;
}

/**
 * Keeps people's work when their session has ended (signed out elsewhere, expired, revoked).
 * Every form that saves something (a server action, or a script that posts) is checked before it
 * is sent: when the session is gone the form is not sent, so what was typed stays in it, and the
 * form says "You have been signed out. Sign in again to save this" with a sign-in link that comes
 * back to the page. What was typed is also kept in this tab's sessionStorage and put back in the
 * form when the person returns signed in. Mounted only for a signed-in person (the site header).
 */
export function SessionGuard() {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || navigates(form) || form.hasAttribute('data-no-session-check')) return;
      if (checked.has(form)) {
        checked.delete(form);
        return;
      }
      // Held here, before React's own listener sees it; sent again below if the session works.
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter instanceof HTMLElement && event.submitter.getAttribute('type') !== 'button' ? event.submitter : null;
      void sessionActive().then((active) => {
        if (active) {
          form.querySelector(':scope > [data-session-notice]')?.remove();
          setNotice(null);
          checked.add(form);
          form.requestSubmit(submitter);
          return;
        }
        const back = here();
        const kept: KeptForm = { path: back, form: Array.from(document.forms).indexOf(form), fields: formFields(form) };
        try {
          window.sessionStorage.setItem(`${FORM_KEPT_PREFIX}${back}`, JSON.stringify(kept));
        } catch {
          // Storage full or refused: the text is still in the form on this page.
        }
        setNotice({ container: noticeContainer(form), kind: 'signed-out', back });
      });
    };
    window.addEventListener('submit', onSubmit, true);
    return () => window.removeEventListener('submit', onSubmit, true);
  }, []);

  // Back on the page, signed in again: what was typed goes back into its form (once).
  useEffect(() => {
    const key = `${FORM_KEPT_PREFIX}${here()}`;
    let raw: string | null = null;
    try {
      raw = window.sessionStorage.getItem(key);
    } catch {
      return;
    }
    if (!raw) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let kept: KeptForm;
    try {
      kept = JSON.parse(raw) as KeptForm;
    } catch {
      window.sessionStorage.removeItem(key);
      return;
    }
    const attempt = () => {
      const form = document.forms[kept.form];
      if (form && restoreFields(form, kept.fields)) {
        window.sessionStorage.removeItem(key);
        setNotice({ container: noticeContainer(form), kind: 'restored', back: kept.path });
        return;
      }
      // The form may still be streaming in.
      if (++tries < 40) timer = setTimeout(attempt, 250);
      else window.sessionStorage.removeItem(key);
    };
    attempt();
    return () => clearTimeout(timer);
  }, []);

  if (!notice || !notice.container.isConnected) return null;
  return createPortal(
    notice.kind === 'signed-out' ? (
      <div role="alert" className="mt-3 rounded border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950" data-testid="signed-out-notice">
        <p className="font-semibold">You have been signed out. Sign in again to save this.</p>
        <p className="mt-1">
          Nothing was saved; what you typed is still here, and comes back in this form after you sign in.{' '}
          <TextAnchor href={loginPath(notice.back)} weight="semibold">
            Sign in again
          </TextAnchor>
        </p>
      </div>
    ) : (
      <p role="status" className="mt-3 rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="restored-notice">
        What you typed before you were signed out is back in this form. Nothing has been saved yet: check it and save again.
      </p>
    ),
    notice.container,
  );
}
