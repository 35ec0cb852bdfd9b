export { toast, dismissToast, DEFAULT_TOAST_DURATION_MS } from './toastStore';
export type { ToastOptions, ToastVariant } from './toastStore';
export { Toaster } from './Toaster';
