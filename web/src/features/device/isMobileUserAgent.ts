/** User agents treated as mobile (phones and tablets), as the SPEC's guard requires. */
const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** Whether this browser is a mobile one. */
export function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
}
