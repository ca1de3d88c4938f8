import { LEVEL_WORD, type Standing, type StandingLevel } from '@/lib/standing/standing';

const LEVEL_CLASSES: Record<StandingLevel, string> = {
  clear: 'border-emerald-700 bg-emerald-50 text-emerald-950',
  caution: 'border-amber-700 bg-amber-50 text-amber-950',
  stop: 'border-red-700 bg-red-50 text-red-950',
};

const LEVEL_SYMBOL: Record<StandingLevel, string> = { clear: '✓', caution: '!', stop: '✕' };

/**
 * A standing as a badge: a symbol, the level in words and the badge words ("✕ Stop · Prohibited"),
 * so it reads the same without colour, in print and to a screen reader (WCAG 1.4.1).
 */
export function StandingBadge({ standing, size = 'sm' }: { standing: Pick<Standing, 'level' | 'label'>; size?: 'sm' | 'md' }) {
  return (
    <span
      data-testid="standing-badge"
      data-level={standing.level}
      className={`inline-flex max-w-full items-center gap-1 rounded border-2 font-semibold ${size === 'md' ? 'px-2 py-0.5 text-sm' : 'px-1.5 py-0.5 text-xs'} ${LEVEL_CLASSES[standing.level]}`}
    >
      <span aria-hidden="true">{LEVEL_SYMBOL[standing.level]}</span>
      <span>
        {LEVEL_WORD[standing.level]} · {standing.label}
      </span>
    </span>
  );
}

/** The badge with every reason in the register's words, and what was read to reach it. */
export function StandingDetails({ standing, headingLevel = 'p' }: { standing: Standing; headingLevel?: 'p' | 'h2' }) {
  const Heading = headingLevel;
  return (
    <div className="space-y-1" data-testid="standing">
      <Heading className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
        Standing <StandingBadge standing={standing} size="md" />
      </Heading>
      {standing.reasons.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800" data-testid="standing-reasons">
          {standing.reasons.map((r, i) => (
            <li key={`${r.code}-${i}`}>{r.text}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">Read from {standing.basis.join(', ')}.</p>
    </div>
  );
}

/** While the standing's sources are read. */
export function StandingPending() {
  return (
    <p className="text-sm text-slate-700" role="status">
      Standing: reading the register…
    </p>
  );
}
