import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_HIDE_MS } from '../app/constants';
import styles from './toasts.module.css';

export type ToastType = 'error' | 'success' | 'warning' | 'info';

export interface Toast {
  type: ToastType;
  content: ReactNode;
  header?: ReactNode;
}

interface ToastContextValue {
  show(toast: Toast): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** Toasts: a Flashbar at the bottom right; each toast hides itself after 7000 ms (spec §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<FlashbarProps.MessageDefinition[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback(
    (toast: Toast) => {
      const id = `toast-${nextId.current++}`;
      setItems((current) => [
        ...current,
        {
          id,
          type: toast.type,
          header: toast.header,
          content: toast.content,
          dismissible: true,
          dismissLabel: t('shell.dismiss'),
          ariaRole: toast.type === 'error' ? 'alert' : 'status',
          onDismiss: () => dismiss(id),
        },
      ]);
      window.setTimeout(() => dismiss(id), TOAST_AUTO_HIDE_MS);
    },
    [dismiss, t],
  );

  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className={styles.toasts} aria-label={t('shell.notifications')}>
        <Flashbar items={items} />
      </section>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts outside ToastProvider');
  return value;
}
