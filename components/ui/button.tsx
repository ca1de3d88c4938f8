import Link, { type LinkProps } from 'next/link';
import type { AnchorHTMLAttributes, ComponentProps, ReactNode } from 'react';

/**
 * The portal's buttons, one look for every page (docs/architecture.md, the shared kit):
 * `primary` for the one main action of a form, `secondary` for the others, `danger` for what
 * removes, cancels or turns something off. `md` is a form's button, `sm` one in a table row or a
 * compact filter bar. Every prop a `<button>` takes passes through (type, name and value, form,
 * disabled, aria-*, onClick, popoverTarget…); `className` is for layout only (width, margin).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'sm' | 'md';

type Look = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

const BASE =
  'inline-flex items-center justify-center gap-1 rounded border text-center font-medium no-underline disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

// Contrast (WCAG 2.2 AA, 4.5:1 for text): white on brand-700 #163d70 is 10.9:1, on brand-800 14.0:1;
// slate-900 on white 17.8:1, on slate-100 16.3:1; red-900 on white 10.0:1, on red-50 9.2:1. The
// borders of secondary (slate-500) and danger (red-700) are 4.8:1 and 6.4:1 against white (1.4.11
// asks 3:1); disabled buttons are exempt.
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'border-brand-700 bg-brand-700 text-white hover:border-brand-800 hover:bg-brand-800',
  secondary: 'border-slate-500 bg-white text-slate-900 hover:bg-slate-100',
  danger: 'border-red-700 bg-white text-red-900 hover:bg-red-50',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-2.5 py-1 text-sm',
  md: 'min-h-10 px-4 py-2 text-sm',
};

/** The classes of a button's look, for an element that must be something else (a `<summary>`, a file input's label). */
export function buttonClass({ variant = 'secondary', size = 'md', className }: Look = {}): string {
  return [BASE, VARIANTS[variant], SIZES[size], className].filter(Boolean).join(' ');
}

export type ButtonProps = Look & Omit<ComponentProps<'button'>, 'className'>;

/** A `<button>`; `type` is `button` unless said, so a button in a form submits only when it says `type="submit"`. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/**
 * A form's submit button that says it is working: disabled while `pending` (the form's
 * `useActionState` or transition), its text `pendingText` meanwhile ("Saving…"), and its
 * accessible name its children otherwise.
 */
export function SubmitButton({
  pending = false,
  pendingText,
  children,
  disabled,
  variant = 'primary',
  ...props
}: Omit<ButtonProps, 'type'> & { pending?: boolean; pendingText?: ReactNode }) {
  return (
    <Button type="submit" variant={variant} disabled={pending || disabled} {...props}>
      {pending && pendingText !== undefined ? pendingText : children}
    </Button>
  );
}

/** A link to a page of the portal that looks like a button (Next `Link`; its href checked against the routes of app/). */
export function ButtonLink<R>({ variant, size, className, ...props }: Look & LinkProps<R>) {
  return <Link {...props} className={buttonClass({ variant, size, className })} />;
}

/** A plain `<a>` that looks like a button: a download, or an address outside the app's pages. */
export function ButtonAnchor({ variant, size, className, ...props }: Look & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'>) {
  return <a {...props} className={buttonClass({ variant, size, className })} />;
}
