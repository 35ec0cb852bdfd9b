import { useEffect, type ReactNode } from 'react';

interface PageProps {
  title: string;
  children: ReactNode;
  /** Extra class names of the page (a page with its own layout, such as the workspace). */
  className?: string;
  /** Shown beside the heading (the workspace's fix quality and menu). */
  aside?: ReactNode;
}

/** A page of the app: its heading, its content; the window title follows the heading. */
export function Page({ title, children, className, aside }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Clearway`;
  }, [title]);
  return (
    <article className={className ? `page ${className}` : 'page'}>
      {aside ? (
        <header className="page__head">
          <h1>{title}</h1>
          {aside}
        </header>
      ) : (
        <h1>{title}</h1>
      )}
      {children}
    </article>
  );
}
