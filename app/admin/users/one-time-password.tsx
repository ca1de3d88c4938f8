export function OneTimePassword({ email, password }: { email: string; password: string }) {
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        One-time password for <strong>{email}</strong>. It is shown only now: pass it on securely.
      </p>
      <p className="mt-1">
        <code className="select-all rounded bg-white px-2 py-1 font-mono text-base tracking-wide" data-testid="one-time-password">
          {password}
        </code>
      </p>
    </div>
  );
}
