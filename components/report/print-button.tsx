'use client';

import { Button } from '@/components/ui/button';

/** Opens the browser's print dialog (print, or save as PDF). Hidden in print by the print stylesheet, like every button. */
export function PrintButton() {
  return <Button onClick={() => window.print()}>Print or save as PDF</Button>;
}
