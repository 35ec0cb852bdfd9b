// The account feature: who is signed in, the account-status check behind the access guard
// (SPEC §4), the forms of SPEC §2's account pages and the administrators' list.
export { ACCOUNT_MESSAGES, fixedProvider, noSignedInUser, toAccessStatus } from './accountStatus';
export type { AccessStatus, AccountCheck, AccountStatusProvider } from './accountStatus';
export { useAccountStatus } from './useAccountStatus';
export { accountKey, cloudAccounts } from './cloudAccounts';
export { authErrorMessage, errorCode } from './authErrors';
export { passwordHint, passwordMessage, passwordProblems, DEFAULT_MIN_PASSWORD_LENGTH } from './passwordRules';
export { fetchPasswordPolicy, type PasswordPolicy } from '../../services/firebase';
export { AccountPanel } from './AccountPanel';
export { SignInForm } from './SignInForm';
export { FormError, PasswordField, usePasswordPolicy } from './PasswordField';
export { createQueryClient, queryClient, QUERY_STALE_TIME_MS } from './queryClient';
export { getSession, refreshSessionUser, restoreSession, signIn, signOutUser, startSession, subscribeSession, useSession } from './session';
export type { Session } from './session';
export { useAccount } from './useAccount';
export { AdminAccounts } from './AdminAccounts';
