'use client';

import { Component, startTransition, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from './button';

type Props = { label: string; children: ReactNode };
type State = { failed: boolean };

/**
 * One failing section must never blank a page: this catches what a section's server component
 * throws (expected failures such as "not found" or "rate limited" are rendered by the section
 * itself, so this is for the unexpected) and offers a retry that re-renders the page on the server.
 */
class Boundary extends Component<Props & { onRetry: () => void }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm">
        <p className="font-semibold text-red-900">The {this.props.label} section could not be shown.</p>
        <p className="mt-1 text-red-900">Something went wrong while preparing it. The rest of the page is unaffected.</p>
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            // Refresh and reset in one transition: the error stays on screen until the server's new
            // payload arrives, and the boundary then renders that payload. Resetting first would
            // re-render the payload that just failed and trip the boundary again.
            startTransition(() => {
              this.props.onRetry();
              this.setState({ failed: false });
            });
          }}
          className="mt-2"
        >
          Try again
        </Button>
      </div>
    );
  }
}

export function SectionErrorBoundary({ label, children }: Props) {
  const router = useRouter();
  return (
    <Boundary label={label} onRetry={() => router.refresh()}>
      {children}
    </Boundary>
  );
}
