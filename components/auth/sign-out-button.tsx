'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // The sign-out is audited server-side (next-auth's signOut event) before the cookie is cleared.
        await signOut({ callbackUrl: '/login' });
      }}
      className={className}
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </Button>
  );
}
