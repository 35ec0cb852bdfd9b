// The app's destinations, grouped as the Settings page lists them. The router's own
// table (src/app/routes.tsx) maps the same paths to pages; /route-enforcement/live/{id}
// needs a convoy ID and is opened from the dispatch console.

export interface RouteLink {
  path: string;
  label: string;
}

export interface RouteLinkGroup {
  title: string;
  links: readonly RouteLink[];
}

export const ROUTE_LINK_GROUPS: readonly RouteLinkGroup[] = [
  {
    title: 'Survey',
    links: [
      { path: '/', label: 'Field workspace' },
      { path: '/help', label: 'Help' },
      { path: '/documentation', label: 'Documentation' },
    ],
  },
  {
    title: 'Devices',
    links: [
      { path: '/mobile-select', label: 'Choose the app for this device' },
      { path: '/slave', label: 'Companion app' },
      { path: '/LiveMonitor', label: 'Live monitor' },
    ],
  },
  {
    title: 'Convoys and route enforcement',
    links: [
      { path: '/convoy/leader', label: 'Lead a convoy' },
      { path: '/convoy/join', label: 'Join a convoy' },
      { path: '/route-enforcement/dispatch', label: 'Dispatch console' },
      { path: '/route-enforcement/driver', label: 'Driver view' },
    ],
  },
  {
    title: 'Account',
    links: [
      { path: '/welcome', label: 'Welcome' },
      { path: '/register', label: 'Create an account' },
      { path: '/verify', label: 'Verify your e-mail' },
      { path: '/set-password', label: 'Set your password' },
      { path: '/awaiting-approval', label: 'Awaiting approval' },
      { path: '/admin/accounts', label: 'Account approvals (administrators)' },
    ],
  },
  {
    title: 'About Clearway',
    links: [
      { path: '/marketing', label: 'Clearway for survey teams' },
      { path: '/privacy', label: 'Privacy' },
      { path: '/policies', label: 'Policies' },
      { path: '/terms', label: 'Terms of use' },
      { path: '/contact', label: 'Contact' },
    ],
  },
];
