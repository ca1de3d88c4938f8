// Reads the text of a PDF that Chromium printed (page.pdf()), page by page, with pdf.js, so specs
// can check what is on paper: the stamp, repeated table headers, no navigation. Words are joined
// with single spaces and the ligatures Chromium's fonts use (ﬁ, ﬀ, ﬄ) come apart into letters,
// so `compact()` is the way to compare: it drops all whitespace.

export interface PdfText {
  pages: string[];
}

export async function pdfText(pdf: Buffer): Promise<PdfText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  await doc.destroy();
  return { pages };
}

/** Text without any whitespace, for comparisons that must not depend on how pdf.js split words. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
