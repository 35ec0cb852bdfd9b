import { Link, NavLink } from 'react-router-dom';

/** The bar on every page: the app's name and the places a surveyor needs most. */
export function ShellHeader() {
  return (
    <header className="shell-header">
      <Link to="/" className="shell-header__brand">
        Clearway
      </Link>
      <nav aria-label="Main">
        <ul className="shell-header__links">
          <li>
            <NavLink to="/" end>
              Workspace
            </NavLink>
          </li>
          <li>
            <NavLink to="/help">Help</NavLink>
          </li>
          <li>
            <NavLink to="/documentation">Documentation</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
