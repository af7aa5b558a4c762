import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Grey placeholder lines while data loads; screen readers hear one "Loading…". It reserves a
 * viewport's height, so the content that replaces it pushes nothing visible down.
 */
export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className="skeleton skeleton--reserve" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="skeleton__line" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * A grey bar standing in for one line of text inside the final markup, for screens short enough
 * to draw their real shape while loading: the content then replaces it without moving anything.
 */
export function TextPlaceholder({ size = 'medium' }: { size?: 'short' | 'medium' | 'long' | 'full' }) {
  // Classes, not a style attribute: the CSP refuses inline styles.
  return <span className={`skeleton__text skeleton__text--${size}`} aria-hidden="true" />;
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

/**
 * A polite announcement of a result (saved, copied, deleted). With `focus`, it takes focus when
 * it appears: the result of leaving the site (the payment page) is where the player resumes.
 */
export function Notice({
  children,
  tone = 'success',
  focus = false,
}: {
  children: ReactNode;
  tone?: 'success' | 'info';
  focus?: boolean;
}) {
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) element.current?.focus();
  }, [focus]);
  return (
    <p ref={element} className={`notice notice--${tone}`} role="status" tabIndex={focus ? -1 : undefined}>
      {children}
    </p>
  );
}
