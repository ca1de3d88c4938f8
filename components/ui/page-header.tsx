import type { ReactNode } from 'react';

/**
 * The top of a page: an optional way back or kicker above (`caption`: "← Audit log", "Error 404"),
 * the page's one `h1`, an optional description under it and an actions slot beside it (beneath on
 * a phone). `children` follow the description (a page's key facts).
 */
export function PageHeader({
  title,
  caption,
  description,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  caption?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Layout of the header's box (a max width). */
  className?: string;
}) {
  return (
    <header className={['space-y-1', className].filter(Boolean).join(' ')}>
      {caption ? <div className="text-sm font-medium text-slate-600">{caption}</div> : null}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
        {actions ? <div className="no-print flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {description ? <div className="max-w-3xl text-sm text-slate-700">{description}</div> : null}
      {children}
    </header>
  );
}
