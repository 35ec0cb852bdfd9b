import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingScreen } from '../../ui/Spinner';
import { useAccountStatus, type AccountStatusProvider } from '../account';
import { isMobileDevice } from '../device';
import { hasAppAccess, permissionsRequested } from './appAccess';
import { decideGuard } from './guardDecision';
import { PermissionScreen } from './PermissionScreen';
import { useLocationPermission } from './useLocationPermission';

/**
 * The access guard of SPEC §2 around `/` and `/admin/accounts`. `accounts` is the cloud's
 * account check unless a test gives another.
 */
export function ProtectedContent({ children, accounts }: { children: ReactNode; accounts?: AccountStatusProvider }) {
  const appAccess = hasAppAccess();
  const isMobile = isMobileDevice();
  const { status: accountStatus } = useAccountStatus(appAccess, accounts);
  const locationPermission = useLocationPermission(appAccess && accountStatus === 'allowed' && isMobile);
  const [permissionScreenDone, setPermissionScreenDone] = useState(false);

  const decision = decideGuard({
    appAccess,
    accountStatus,
    isMobile,
    permissionsRequested: permissionsRequested(),
    locationPermission,
    permissionScreenDone,
  });

  switch (decision) {
    case 'welcome':
      return <Navigate to="/welcome" replace />;
    case 'awaiting':
      return <Navigate to="/awaiting-approval" replace />;
    case 'loading':
      return <LoadingScreen />;
    case 'permission':
      return <PermissionScreen onDone={() => setPermissionScreenDone(true)} />;
    case 'content':
      return children;
  }
}
