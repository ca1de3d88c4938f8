import { describe, expect, it } from 'vitest';
import type { FirmReportData } from '@/lib/report/firm-report-data';
import { cssString, reportPrintCss, runningHeaderText } from './report-print-style';

const data = {
  frn: '700100',
  firm: { status: 'ok', data: { name: 'Kingsmere "Mortgage" </style> Network' } },
  generatedAt: '2026-11-28T07:12:27.474Z',
  generatedBy: { name: 'Ann', email: 'ann@example.com' },
  caseReference: "KYC-2026/01 'A'",
} as unknown as FirmReportData;

/** What a CSS string literal means, escapes undone (the way a browser reads it). */
function cssValue(literal: string): string {
  return literal.slice(1, -1).replace(/\\([0-9a-f]{6})/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

describe('the report’s print style', () => {
  it('writes any text as a CSS string that cannot end the string, the rule or the <style> element', () => {
    for (const text of ['plain', 'a "quoted" \\ back\nline', '</style><script>x</script>', 'Société · 東京 🙂']) {
      const literal = cssString(text);
      expect(literal).toMatch(/^"[A-Za-z0-9 .,:()@_\\-]*"$/);
      expect(cssValue(literal)).toBe(text);
    }
  });

  it('puts the firm, FRN, case reference, when and by whom in the page margins, and the public address before printed link targets', () => {
    const text = runningHeaderText(data);
    expect(text.topLeft).toBe('Kingsmere "Mortgage" </style> Network · FRN 700100');
    expect(text.topRight).toBe("Case reference: KYC-2026/01 'A'");
    expect(text.bottomLeft).toBe('Generated 28 Nov 2026, 07:12 GMT by Ann (ann@example.com)');
    expect(runningHeaderText({ ...data, caseReference: undefined }).topRight).toBe('Case reference: none given');
    const css = reportPrintCss(data, 'https://portal.example.org', 'Saved snapshot 1234');
    expect(css).not.toContain('</style');
    expect(css).toContain(`--portal-origin: ${cssString('https://portal.example.org')}`);
    expect(css).toMatch(/@top-left \{ content: "[^"]+"/);
    expect(cssValue(css.match(/@bottom-left \{ content: ("[^"]*")/)![1])).toBe('Generated 28 Nov 2026, 07:12 GMT by Ann (ann@example.com) · Saved snapshot 1234');
  });
});
