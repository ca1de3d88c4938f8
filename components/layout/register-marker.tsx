import { registerSource } from '@/lib/register/config';

/** Says which register the portal is connected to; the sandbox is marked so nobody mistakes it for live data. */
export function RegisterMarker() {
  const source = registerSource();
  if (source === 'sandbox') {
    return (
      <span
        className="inline-flex items-center gap-1 rounded border border-amber-400 bg-amber-100 px-1.5 py-0.5 whitespace-nowrap text-xs font-semibold text-amber-900"
        title="Data comes from the offline register sandbox, not the FCA"
        data-testid="register-marker"
      >
        <span aria-hidden="true">◆</span> Sandbox<span className="max-sm:sr-only"> register</span>
      </span>
    );
  }
  return (
    <span
      className="inline-flex items-center gap-1 rounded border border-emerald-500 bg-emerald-50 px-1.5 py-0.5 whitespace-nowrap text-xs font-semibold text-emerald-900"
      title="Data comes from the FCA Financial Services Register"
      data-testid="register-marker"
    >
      <span aria-hidden="true">●</span> Live FCA register
    </span>
  );
}
