import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useTranslation } from 'react-i18next';
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

/**
 * Toasts: a Flashbar at the bottom right in the four variants; each toast hides itself after
 * 7000 ms (spec §9; the timing lives in ./toastStore and is unit-tested).
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

  const flashItems = items.map((item: ToastItem<ReactNode>): FlashbarProps.MessageDefinition => ({
    id: item.id,
    type: item.type,
    header: item.header,
    content: item.content,
    dismissible: true,
    dismissLabel: t('shell.dismiss'),
    ariaRole: item.type === 'error' ? 'alert' : 'status',
    onDismiss: () => store.dismiss(item.id),
  }));

  const value = useMemo(() => ({ show: (toast: Toast) => void store.show(toast) }), [store]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className={styles.toasts} aria-label={t('shell.notifications')}>
        <Flashbar items={flashItems} />
      </section>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts outside ToastProvider');
  return value;
}
