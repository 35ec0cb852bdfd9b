export { toast, dismissToast, DEFAULT_TOAST_DURATION_MS } from './toastStore';
export type { ToastAction, ToastOptions, ToastVariant } from './toastStore';
export { Toaster } from './Toaster';
