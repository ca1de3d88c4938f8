'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // The sign-out is audited server-side (next-auth's signOut event) before the cookie is cleared.
        await signOut({ callbackUrl: '/login' });
      }}
      className={
        className ??
        'rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-700 disabled:opacity-70'
      }
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
