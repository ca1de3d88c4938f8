/** Recovery codes as issued: shown once, in a list that reads and copies well. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-codes-heading" className="text-sm font-semibold text-amber-900">
        Your recovery codes (shown only now)
      </h3>
      <ol className="mt-2 grid gap-1 font-mono text-base text-slate-900 sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
