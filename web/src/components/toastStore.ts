import { TOAST_AUTO_HIDE_MS } from '../lib/constants';

/** The four toast variants of the spec (docs/features.md). */
export const TOAST_TYPES = ['error', 'success', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface ToastItem<Content> {
  id: string;
  type: ToastType;
  content: Content;
  header?: Content;
}

export interface ToastStore<Content> {
  /** Shows a toast; it hides itself after `TOAST_AUTO_HIDE_MS` (7000 ms). Returns its id. */
  show(toast: Omit<ToastItem<Content>, 'id'>): string;
  dismiss(id: string): void;
  items(): ReadonlyArray<ToastItem<Content>>;
  subscribe(listener: () => void): () => void;
}

/**
 * The toasts' state, outside React so the auto-hide timing is unit-tested with fake timers.
 * `items()` returns the same array until something changes (useSyncExternalStore needs that).
 */
export function createToastStore<Content>(autoHideMs: number = TOAST_AUTO_HIDE_MS): ToastStore<Content> {
  let items: ReadonlyArray<ToastItem<Content>> = [];
  let next = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const emit = () => listeners.forEach((listener) => listener());

  const dismiss = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    if (!items.some((item) => item.id === id)) return;
    items = items.filter((item) => item.id !== id);
    emit();
  };

  return {
    show(toast) {
      const id = `toast-${next++}`;
      items = [...items, { ...toast, id }];
      timers.set(
        id,
        setTimeout(() => dismiss(id), autoHideMs),
      );
      emit();
      return id;
    },
    dismiss,
    items: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
