import { StatusTag, type Tone } from '@/components/ui/status-tag';
import type { CheckStatus } from '@/lib/watchlists/watchlists-store';
import type { ChangeSeverity, ChangeState } from '@/lib/db/schema';

/** A change's severity, state and an entity's last check as words with a symbol: never colour alone. */

const SEVERITY: Record<ChangeSeverity, { tone: Tone; text: string }> = {
  high: { tone: 'negative', text: 'High' },
  medium: { tone: 'warning', text: 'Medium' },
  low: { tone: 'neutral', text: 'Low' },
};

export function SeverityTag({ severity }: { severity: ChangeSeverity }) {
  return <StatusTag tone={SEVERITY[severity].tone}>{SEVERITY[severity].text}</StatusTag>;
}

export const STATE_TEXT: Record<ChangeState, string> = { new: 'New', acknowledged: 'Acknowledged', escalated: 'Escalated', expected: 'Expected' };
const STATE_TONE: Record<ChangeState, Tone> = { new: 'info', acknowledged: 'positive', escalated: 'negative', expected: 'neutral' };

export function ChangeStateTag({ state }: { state: ChangeState }) {
  return <StatusTag tone={STATE_TONE[state]}>{STATE_TEXT[state]}</StatusTag>;
}

const CHECK: Record<CheckStatus, { tone: Tone; text: string }> = {
  'not-checked': { tone: 'neutral', text: 'Not checked yet' },
  baseline: { tone: 'info', text: 'Baseline taken' },
  unchanged: { tone: 'positive', text: 'No change' },
  changed: { tone: 'warning', text: 'Changed' },
  incomplete: { tone: 'negative', text: 'Some sections not checked' },
};

export function CheckStatusTag({ status, changeCount }: { status: CheckStatus; changeCount?: number }) {
  const text = status === 'changed' && changeCount ? `${changeCount} ${changeCount === 1 ? 'change' : 'changes'}` : CHECK[status].text;
  return <StatusTag tone={CHECK[status].tone}>{text}</StatusTag>;
}
