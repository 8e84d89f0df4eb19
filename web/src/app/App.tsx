import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate';
import { useAuth } from '../features/auth/AuthProvider';
import { useMaintenance } from './maintenance';
import { SignedOutApp } from './SignedOutApp';
import { StatusPage } from './StatusPage';
import { PageSpinner } from '../components/PageSpinner';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { SignedInLoading } from './SignedInLoading';
import { loadAllStrings } from '../i18n/load';

/**
 * The signed-in shell (AppLayout, TopNavigation, dashboard) and its query cache are a chunk of their
 * own: the sign-in page does not download them, nor the signed-in pages' strings. Drawn by a state
 * update (a transition: rendered in slices) once loaded, not by React.lazy under Suspense: React holds
 * a lazy tree's reveal until 300 ms after its fallback showed (docs/performance.md, "The form page").
 */
function SignedInApp() {
  const [app, setApp] = useState<{ Root?: ComponentType; error?: unknown }>({});
  useEffect(() => {
    Promise.all([import('./SignedInRoot'), loadAllStrings()]).then(
      ([m]) => startTransition(() => setApp({ Root: m.default })),
      (error: unknown) => setApp({ error }),
    );
  }, []);
  // A chunk that failed to load: ChunkErrorBoundary reloads the page once.
  if (app.error) throw app.error;
  return app.Root ? <app.Root /> : <SignedInLoading />;
}

/**
 * GET /maintenance/maintenance.json: while isInMaintenance is true the whole app (signed in or
 * out) is replaced with the maintenance view. Checked at start and every minute.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const maintenance = useMaintenance();
  if (maintenance === undefined) return <PageSpinner />;
  if (maintenance) return <StatusPage title={t('maintenance.title')} body={t('maintenance.body')} />;
  return <>{children}</>;
}

function Authenticated() {
  const { status } = useAuth();
  if (status === 'configuring') return <PageSpinner />;
  if (status === 'authenticated') {
    return (
      <ChunkErrorBoundary>
        <SignedInApp />
      </ChunkErrorBoundary>
    );
  }
  return <SignedOutApp />;
}

export function App() {
  return (
    <MaintenanceGate>
      <Authenticated />
    </MaintenanceGate>
  );
}
