import type { ReactNode } from 'react';

/** Grey placeholder lines while data loads; screen readers hear one "Loading…". */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load: what happened and a way to try again. */
export function LoadError({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** A polite announcement of a result (saved, copied, deleted). */
export function Notice({ children, tone = 'success' }: { children: ReactNode; tone?: 'success' | 'info' }) {
  return (
    <p className={`notice notice--${tone}`} role="status">
      {children}
    </p>
  );
}
