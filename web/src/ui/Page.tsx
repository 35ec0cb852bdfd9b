import { useEffect, type ReactNode } from 'react';

interface PageProps {
  title: string;
  children: ReactNode;
}

/** A page of the app: its heading, its content; the window title follows the heading. */
export function Page({ title, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Clearway`;
  }, [title]);
  return (
    <article className="page">
      <h1>{title}</h1>
      {children}
    </article>
  );
}
