export function OneTimeSecret({ id, name, secret }: { id: string; name: string; secret: string }) {
  return (
    <div className="mt-2 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        Secret for <strong>{name}</strong>. It is shown only now: pass it on securely; the portal keeps only its hash.
      </p>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Token id (X-AUTH-EMAIL)</dt>
        <dd>
          <code className="select-all rounded bg-white px-2 py-0.5 font-mono" data-testid="token-id">
            {id}
          </code>
        </dd>
        <dt className="font-medium">Secret (X-AUTH-KEY)</dt>
        <dd>
          <code className="select-all break-all rounded bg-white px-2 py-0.5 font-mono" data-testid="token-secret">
            {secret}
          </code>
        </dd>
        <dt className="font-medium">As one value (OpenRefine)</dt>
        <dd>
          <code className="select-all break-all rounded bg-white px-2 py-0.5 font-mono">{`${id}.${secret}`}</code>
        </dd>
      </dl>
    </div>
  );
}
