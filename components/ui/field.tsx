import { cloneElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';

/**
 * A form field: its label, an optional hint and an optional error, wired to the control by id
 * (`aria-describedby` names the hint and the error, `aria-invalid` is set while there is an
 * error), around one `Input`, `Select` or `Textarea` (or any control taking an id). The control
 * gets `id`; what it already says in `aria-describedby` is kept after the hint and error.
 */
type ControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: ComponentProps<'input'>['aria-invalid'] };

export function Field({
  id,
  label,
  hint,
  error,
  optional = false,
  hideLabel = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value, in words; shown above the control with a spoken "Error:". */
  error?: string;
  /** Say "(optional)" after the label. */
  optional?: boolean;
  /** The label for screen readers only, where the row or column already says what the field is. */
  hideLabel?: boolean;
  /** Layout of the field's box (width, flex). */
  className?: string;
  children: ReactElement<ControlProps>;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, children.props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['flex flex-col gap-1', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-900'}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="font-normal text-slate-600">(optional)</span>
          </>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-800">
          <span className="sr-only">Error: </span>
          {error}
        </p>
      ) : null}
      {cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : children.props['aria-invalid'] })}
    </div>
  );
}

// Borders of slate-500 (#64748b, 4.8:1 on white) so a control's edge meets WCAG 1.4.11's 3:1; red-700 while invalid.
// Text of 16 px below the small breakpoint: a phone browser zooms the page into a field whose text is smaller when it takes focus.
const CONTROL = 'rounded border border-slate-500 bg-white px-2.5 py-1.5 text-base text-slate-900 sm:text-sm aria-invalid:border-2 aria-invalid:border-red-700';
const FILE =
  'block text-sm text-slate-900 file:mr-3 file:rounded file:border file:border-slate-500 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100';

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** The kit's text, number, date and file input; `className` for width. A file input gets a button-like chooser. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={join(props.type === 'file' ? FILE : CONTROL, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={join(CONTROL, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={join(CONTROL, className)} {...props} />;
}
