import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts `children` (a lazy dialog) from the first time `open` is true on, then keeps it mounted so
 * closing behaves as before: the dialog's chunk loads when it is first opened, not with the page.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
