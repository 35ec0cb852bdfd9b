// The account feature: the account-status check behind the access guard (SPEC §4).
export { ACCOUNT_MESSAGES, noSignedInUser, toAccessStatus } from './accountStatus';
export type { AccessStatus, AccountCheck, AccountStatusProvider } from './accountStatus';
export { useAccountStatus } from './useAccountStatus';
