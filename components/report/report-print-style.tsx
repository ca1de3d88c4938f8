import { formatDateTime } from '@/lib/format/date';
import { type FirmReportData, reportFirmName } from '@/lib/report/firm-report-data';

/**
 * A CSS string literal holding `text` exactly: every character but plain letters, digits, spaces
 * and a few safe marks is written as a six-digit CSS escape, so nothing typed into a case
 * reference or held in a firm's name can end the string, the rule or the <style> element.
 */
export function cssString(text: string): string {
  let out = '';
  for (const ch of text) {
    out += /[A-Za-z0-9 .,:()@_-]/.test(ch) ? ch : `\\${ch.codePointAt(0)!.toString(16).padStart(6, '0')}`;
  }
  return `"${out}"`;
}

/** The running header and footer's words, from the report's data alone. */
export function runningHeaderText(data: FirmReportData): { topLeft: string; topRight: string; bottomLeft: string } {
  return {
    topLeft: `${reportFirmName(data)} · FRN ${data.frn}`,
    topRight: `Case reference: ${data.caseReference ?? 'none given'}`,
    bottomLeft: `Generated ${formatDateTime(data.generatedAt)} by ${data.generatedBy.name} (${data.generatedBy.email})`,
  };
}

/** The print rules of one report: its running header and footer on every page, and the portal's public address before printed link targets. */
export function reportPrintCss(data: FirmReportData, origin: string, extraFooter?: string): string {
  const text = runningHeaderText(data);
  const bottomLeft = extraFooter ? `${text.bottomLeft} · ${extraFooter}` : text.bottomLeft;
  const box = 'font-size: 7.5pt; color: #222;';
  return [
    '@media print {',
    `  :root { --portal-origin: ${cssString(origin)}; }`,
    '  @page {',
    `    @top-left { content: ${cssString(text.topLeft)}; ${box} vertical-align: bottom; }`,
    `    @top-right { content: ${cssString(text.topRight)}; ${box} vertical-align: bottom; }`,
    `    @bottom-left { content: ${cssString(bottomLeft)}; ${box} vertical-align: top; }`,
    '  }',
    '}',
  ].join('\n');
}

/**
 * A report's running header and footer, for paper: the firm, its FRN and the case reference at
 * the top of every printed page; when and by whom it was generated at the bottom, beside "Page n
 * of N" (app/globals.css). CSS paged media (@page margin boxes), so the browser's own print dialog
 * prints them, not only a PDF made by a program. Printed link targets get the portal's public
 * address (`--portal-origin`, read by the print rule for links in app/globals.css), so a link on
 * paper can be typed in. Carries the request's CSP nonce: the policy allows no other inline style.
 */
export function ReportPrintStyle({ data, origin, nonce, extraFooter }: { data: FirmReportData; origin: string; nonce: string | null; extraFooter?: string }) {
  return <style nonce={nonce ?? undefined} data-testid="report-print-style" dangerouslySetInnerHTML={{ __html: reportPrintCss(data, origin, extraFooter) }} />;
}
