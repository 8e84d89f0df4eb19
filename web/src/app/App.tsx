import { lazy, Suspense } from 'react';
import { useAuth } from './auth';
import { SignedOutApp } from './SignedOutApp';
import { PageSpinner } from '../components/PageSpinner';

// The signed-in shell (AppLayout, TopNavigation, dashboard) is its own chunk: the sign-in page
// does not download it.
const SignedInApp = lazy(() => import('./SignedInApp'));

export function App() {
  const { status } = useAuth();
  if (status === 'configuring') return <PageSpinner />;
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SignedInApp />
      </Suspense>
    );
  }
  return <SignedOutApp />;
}
