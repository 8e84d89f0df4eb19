import { useEffect, useRef, useState } from 'react';

interface Disposable {
  dispose(): void;
}

/**
 * Creates a data router for the lifetime of the component (signed-in and signed-out trees each
 * own one) and disposes it on unmount. The dispose is deferred one tick so StrictMode's
 * unmount/remount check does not dispose the router that stays in use.
 */
export function useOwnedRouter<R extends Disposable>(create: () => R): R {
  const [router] = useState(create);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pending.current);
    return () => {
      pending.current = setTimeout(() => router.dispose(), 0);
    };
  }, [router]);
  return router;
}
