// The route table of SPEC §2. Every page is its own chunk (assets/<Name>Page-<hash>.js),
// loaded when first visited.
import { lazy, useState, type ComponentType, type FunctionComponent } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { hasAppAccess } from '../features/access/appAccess';
import { ProtectedContent } from '../features/access/ProtectedContent';
import { preloadCapture } from '../features/survey';
import { PageBoundary } from './PageBoundary';

export interface AppRoute {
  path: string;
  Page: PageComponent;
  /** Behind the access guard (app_access, account status, mobile location permission). */
  guarded?: boolean;
}

/** A page in its own chunk that can be fetched before it is first rendered. */
export type PageComponent = FunctionComponent & {
  /** Fetches the chunk; once it is in, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * `lazy`, plus `preload`. A lazy page always suspends on its first render, and React holds
 * back the reveal of a boundary that showed its fallback for up to 300 ms after it (its
 * fallback throttle): the page at startup appeared that much later than its chunk, storage
 * and data allowed. A page preloaded before the first render never suspends.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PageComponent {
  let loaded: ComponentType | null = null;
  // However it came in (preload or a first render), the chunk is remembered: a later mount
  // of the page renders it without suspending.
  const remember = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(remember);
  // Chosen once per mount: a chunk arriving later never swaps (and remounts) the page.
  const Page: FunctionComponent = () => {
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  };
  return Object.assign(Page, { preload: () => remember().then(() => undefined) });
}

const ConvoyJoinPage = lazyPage(() => import('../pages/ConvoyJoinPage'));

export const APP_ROUTES: readonly AppRoute[] = [
  // The field workspace, with the settings below it (SPEC §2: '/' is the settings page).
  // The workspace's capture form waits for the core (its POI types, the measurement's
  // record): the core loads beside the page's chunk, not after the page's first render.
  {
    path: '/',
    Page: lazyPage(() => {
      preloadCapture();
      return import('./WorkspacePage');
    }),
    guarded: true,
  },
  { path: '/help', Page: lazyPage(() => import('../pages/HelpPage')) },
  { path: '/mobile-select', Page: lazyPage(() => import('../pages/MobileSelectPage')) },
  { path: '/slave', Page: lazyPage(() => import('../pages/SlavePage')) },
  { path: '/LiveMonitor', Page: lazyPage(() => import('../pages/LiveMonitorPage')) },
  { path: '/welcome', Page: lazyPage(() => import('../pages/WelcomePage')) },
  { path: '/privacy', Page: lazyPage(() => import('../pages/PrivacyPage')) },
  { path: '/policies', Page: lazyPage(() => import('../pages/PoliciesPage')) },
  { path: '/terms', Page: lazyPage(() => import('../pages/TermsPage')) },
  { path: '/contact', Page: lazyPage(() => import('../pages/ContactPage')) },
  { path: '/documentation', Page: lazyPage(() => import('../pages/DocumentationPage')) },
  { path: '/convoy/leader', Page: lazyPage(() => import('../pages/ConvoyLeaderPage')) },
  { path: '/convoy/join', Page: ConvoyJoinPage },
  { path: '/convoy/join/:token', Page: ConvoyJoinPage },
  { path: '/route-enforcement/dispatch', Page: lazyPage(() => import('../pages/DispatchPage')) },
  { path: '/route-enforcement/live/:convoyId', Page: lazyPage(() => import('../pages/DispatchLivePage')) },
  { path: '/route-enforcement/driver', Page: lazyPage(() => import('../pages/DriverPage')) },
  { path: '/marketing', Page: lazyPage(() => import('../pages/MarketingPage')) },
  { path: '/register', Page: lazyPage(() => import('../pages/RegisterPage')) },
  { path: '/verify', Page: lazyPage(() => import('../pages/VerifyPage')) },
  { path: '/set-password', Page: lazyPage(() => import('../pages/SetPasswordPage')) },
  { path: '/awaiting-approval', Page: lazyPage(() => import('../pages/AwaitingApprovalPage')) },
  { path: '/admin/accounts', Page: lazyPage(() => import('../pages/AdminAccountsPage')), guarded: true },
  { path: '*', Page: lazyPage(() => import('../pages/NotFoundPage')) },
];

/**
 * Fetches the chunk of the page at `pathname` (the first screen), so the first render shows
 * it at once; resolves (never rejects) when it is in or could not be fetched, in which case
 * the page loads as usual, with its error boundary.
 */
export function preloadPage(pathname: string): Promise<void> {
  const find = (path: string) => APP_ROUTES.find((r) => r.path !== '*' && matchPath(r.path, path)) ?? APP_ROUTES.find((r) => r.path === '*');
  let route = find(pathname);
  // Without app access the guard sends a guarded page's visitor to /welcome: that is the page shown.
  if (route?.guarded && !hasAppAccess()) route = find('/welcome');
  return route ? route.Page.preload().catch(() => undefined) : Promise.resolve();
}

function RouteElement({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  // Keyed by path: an error on one page does not stick when the surveyor navigates on.
  const page = (
    <PageBoundary key={pathname}>
      <route.Page />
    </PageBoundary>
  );
  return route.guarded ? <ProtectedContent>{page}</ProtectedContent> : page;
}

export function AppRoutes() {
  return (
    <Routes>
      {APP_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<RouteElement route={route} />} />
      ))}
    </Routes>
  );
}
