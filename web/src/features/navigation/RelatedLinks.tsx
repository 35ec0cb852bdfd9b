import { Link } from 'react-router-dom';
import type { RouteLink } from './routeLinks';

/** "Where next" links at the foot of a page. */
export function RelatedLinks({ links }: { links: readonly RouteLink[] }) {
  return (
    <nav aria-label="Related pages" className="related">
      <h2>Where next</h2>
      <ul className="link-list">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
