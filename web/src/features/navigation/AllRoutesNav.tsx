import { Link } from 'react-router-dom';
import { ROUTE_LINK_GROUPS } from './routeLinks';

/** Every destination of the app, grouped; the Settings page shows it. */
export function AllRoutesNav() {
  return (
    <nav aria-label="All pages" className="all-routes">
      {ROUTE_LINK_GROUPS.map((group) => (
        <section key={group.title}>
          <h2>{group.title}</h2>
          <ul className="link-list">
            {group.links.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
