import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type ToastItem } from './toastStore';

function Toast({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <div
      className={`toast toast--${item.variant}`}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="toast__text">
        <p className="toast__title">{item.title}</p>
        {item.description && <p className="toast__description">{item.description}</p>}
      </div>
      {item.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            item.action?.run();
            dismissToast(item.id);
          }}
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Renders the toasts of the store, newest last, in the bottom corner. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section className="toaster" aria-label="Notifications">
      {toasts.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </section>
  );
}
