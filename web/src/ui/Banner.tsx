import type { CSSProperties, ReactNode } from 'react';

export type BannerTone = 'warning' | 'success';

interface BannerProps {
  tone: BannerTone;
  children: ReactNode;
  style?: CSSProperties;
}

/** A full-width strip fixed at the top of the window, announced politely. */
export function Banner({ tone, children, style }: BannerProps) {
  return (
    <div role="status" aria-live="polite" className={`banner banner--${tone}`} style={style}>
      {children}
    </div>
  );
}
