export type Tone = 'positive' | 'negative' | 'warning' | 'neutral' | 'info';

const toneClasses: Record<Tone, string> = {
  positive: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  negative: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-900',
  neutral: 'border-slate-400 bg-slate-100 text-slate-800',
  info: 'border-sky-600 bg-sky-50 text-sky-900',
};

const toneSymbols: Record<Tone, string> = {
  positive: '✓',
  negative: '✕',
  warning: '!',
  neutral: '·',
  info: 'i',
};

/** A status as text with a symbol and a border: never colour alone (WCAG 1.4.1). */
export function StatusTag({ children, tone = 'neutral' }: { children: React.ReactNode; tone?: Tone }) {
  return (
    <span className={`inline-flex max-w-full items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}>
      <span aria-hidden="true">{toneSymbols[tone]}</span>
      {children}
    </span>
  );
}

/** The tone the register's status words deserve; unknown words are neutral. */
export function toneForStatus(status: string | undefined): Tone {
  if (!status) return 'neutral';
  const s = status.toLowerCase();
  if (/(prohibit|cancel|revoked|refused|de-recognised|deceased|clone|unauthorised firm|^unauthorised)/.test(s)) return 'negative';
  if (/(no longer|lapsed|terminated|former|ceased|suspend|restrict|inactive|not authorised)/.test(s)) return 'warning';
  if (/(authorised|registered|approved|recognised|active|eea authorised|certified)/.test(s)) return 'positive';
  return 'neutral';
}
