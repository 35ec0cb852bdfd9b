// The route table of SPEC §2. Every page is its own chunk (assets/<Name>Page-<hash>.js),
// loaded when first visited.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ProtectedContent } from '../features/access/ProtectedContent';
import { PageBoundary } from './PageBoundary';

export interface AppRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Behind the access guard (app_access, account status, mobile location permission). */
  guarded?: boolean;
}

const ConvoyJoinPage = lazy(() => import('../pages/ConvoyJoinPage'));

export const APP_ROUTES: readonly AppRoute[] = [
  // The field workspace, with the settings below it (SPEC §2: '/' is the settings page).
  { path: '/', Page: lazy(() => import('./WorkspacePage')), guarded: true },
  { path: '/help', Page: lazy(() => import('../pages/HelpPage')) },
  { path: '/mobile-select', Page: lazy(() => import('../pages/MobileSelectPage')) },
  { path: '/slave', Page: lazy(() => import('../pages/SlavePage')) },
  { path: '/LiveMonitor', Page: lazy(() => import('../pages/LiveMonitorPage')) },
  { path: '/welcome', Page: lazy(() => import('../pages/WelcomePage')) },
  { path: '/privacy', Page: lazy(() => import('../pages/PrivacyPage')) },
  { path: '/policies', Page: lazy(() => import('../pages/PoliciesPage')) },
  { path: '/terms', Page: lazy(() => import('../pages/TermsPage')) },
  { path: '/contact', Page: lazy(() => import('../pages/ContactPage')) },
  { path: '/documentation', Page: lazy(() => import('../pages/DocumentationPage')) },
  { path: '/convoy/leader', Page: lazy(() => import('../pages/ConvoyLeaderPage')) },
  { path: '/convoy/join', Page: ConvoyJoinPage },
  { path: '/convoy/join/:token', Page: ConvoyJoinPage },
  { path: '/route-enforcement/dispatch', Page: lazy(() => import('../pages/DispatchPage')) },
  { path: '/route-enforcement/live/:convoyId', Page: lazy(() => import('../pages/DispatchLivePage')) },
  { path: '/route-enforcement/driver', Page: lazy(() => import('../pages/DriverPage')) },
  { path: '/marketing', Page: lazy(() => import('../pages/MarketingPage')) },
  { path: '/register', Page: lazy(() => import('../pages/RegisterPage')) },
  { path: '/verify', Page: lazy(() => import('../pages/VerifyPage')) },
  { path: '/set-password', Page: lazy(() => import('../pages/SetPasswordPage')) },
  { path: '/awaiting-approval', Page: lazy(() => import('../pages/AwaitingApprovalPage')) },
  { path: '/admin/accounts', Page: lazy(() => import('../pages/AdminAccountsPage')), guarded: true },
  { path: '*', Page: lazy(() => import('../pages/NotFoundPage')) },
];

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
