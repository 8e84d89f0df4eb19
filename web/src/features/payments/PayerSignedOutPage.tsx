import { QueryRoot } from '../../lib/queryClient';
import { ToastProvider } from '../../components/toasts';
import PayerPage from './PayerPage';

/**
 * /pay signed out: the signed-out app has no query cache and no toasts (the sign-in page
 * does without them: docs/performance.md), so the payer's page brings its own. Signed in, the app's
 * are used (routes/signedIn.tsx loads PayerPage itself).
 */
export default function PayerSignedOutPage() {
  return (
    <QueryRoot>
      <ToastProvider>
        <PayerPage />
      </ToastProvider>
    </QueryRoot>
  );
}
