import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon, type PlainIconName } from './plain/PlainIcon';
import { createToastStore, type ToastItem, type ToastStore, type ToastType } from './toastStore';
import styles from './toasts.module.css';

export type { ToastType };

export interface Toast {
  type: ToastType;
  content: ReactNode;
  header?: ReactNode;
}

interface ToastContextValue {
  show(toast: Toast): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const ICONS: Record<ToastType, PlainIconName> = {
  success: 'status-positive',
  error: 'status-negative',
  warning: 'status-warning',
  info: 'status-info',
};

/**
 * Toasts at the bottom right in the four variants, drawn like Cloudscape's Flashbar without loading
 * it (docs/performance.md); each hides itself after 7000 ms (spec §9; the timing lives in
 * ./toastStore and is unit-tested) or when dismissed. An error is an alert, the others a status.
 */
export function ToastProvider({
  children,
  store: given,
}: {
  children: ReactNode;
  store?: ToastStore<ReactNode>;
}) {
  const { t } = useTranslation();
  const [store] = useState(() => given ?? createToastStore<ReactNode>());
  const items = useSyncExternalStore(store.subscribe, store.items, store.items);
  const value = useMemo(() => ({ show: (toast: Toast) => void store.show(toast) }), [store]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className={styles.toasts} aria-label={t('shell.notifications')}>
        {items.map((item: ToastItem<ReactNode>) => (
          <div
            key={item.id}
            className={`${styles.toast} ${styles[item.type]}`}
            role={item.type === 'error' ? 'alert' : 'status'}
          >
            <PlainIcon name={ICONS[item.type]} className={styles.icon} />
            <div className={styles.body}>
              {item.header && <div className={styles.header}>{item.header}</div>}
              <div>{item.content}</div>
            </div>
            <button
              type="button"
              className={styles.dismiss}
              aria-label={t('shell.dismiss')}
              onClick={() => store.dismiss(item.id)}
            >
              <PlainIcon name="close" />
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts outside ToastProvider');
  return value;
}
