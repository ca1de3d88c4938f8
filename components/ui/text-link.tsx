import Link, { type LinkProps } from 'next/link';
import type { AnchorHTMLAttributes } from 'react';

/**
 * The portal's one text link: brand-700 (#163d70, 10.9:1 on white, 9.9:1 on slate-100; WCAG AA asks 4.5:1), always underlined so it
 * is never told by colour alone (1.4.1), darker on hover; the focus ring is the global
 * `:focus-visible` outline (app/globals.css). Visited links keep the same colour: people go back to
 * the same firms all day, and a purple link would say nothing useful. `weight` for a link that
 * stands alone as an action ("Show all…"); `className` for layout (no-print, whitespace, font).
 */
export type TextLinkWeight = 'normal' | 'medium' | 'semibold';

type Look = { weight?: TextLinkWeight; className?: string };

const WEIGHTS: Record<TextLinkWeight, string> = { normal: '', medium: 'font-medium', semibold: 'font-semibold' };

export function textLinkClass({ weight = 'normal', className }: Look = {}): string {
  return ['text-brand-700 underline hover:text-brand-800', WEIGHTS[weight], className].filter(Boolean).join(' ');
}

/** A link to a page of the portal (Next `Link`: client navigation, prefetch, its href checked against the routes of app/). */
export function TextLink<R>({ weight, className, ...props }: Look & LinkProps<R>) {
  return <Link {...props} className={textLinkClass({ weight, className })} />;
}

/** A plain `<a>` in the same look: a download, a `tel:` number, an address on another site, a place on the same page. */
export function TextAnchor({ weight, className, ...props }: Look & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'>) {
  return <a {...props} className={textLinkClass({ weight, className })} />;
}
