import '@cloudscape-design/global-styles/index.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from './i18n/translate';
import { storedLanguage } from './i18n/strings';
import { loadConfigOnce, type RuntimeConfig } from './lib/config';
import { hasStoredSession } from './lib/amplify';
import { preloadSignedInApp, warmSignedInLoad } from './app/preload';
import { AuthProvider } from './features/auth/AuthProvider';
import { App } from './app/App';
import { StatusPage } from './app/StatusPage';
import { scheduleBrowserErrors } from './app/rum/schedule';

async function bootstrap() {
  document.documentElement.lang = storedLanguage();
  const element = document.getElementById('root');
  if (!element) throw new Error('#root is missing');
  const root = createRoot(element);

  const loading = loadConfigOnce();
  // A stored session: the signed-in app's chunks and first GETs start now (app/warmStart.ts), unless
  // the boot script (boot.ts) already started them.
  if (hasStoredSession(undefined, window.localStorage)) warmSignedInLoad(window.location.pathname, loading);

  let config: RuntimeConfig;
  try {
    config = await loading;
  } catch (error) {
    console.error(error);
    root.render(<StatusPage title={t('app.name')} body={t('app.configError')} />);
    return;
  }
  if (config.flags.maintenance) {
    root.render(<StatusPage title={t('maintenance.title')} body={t('maintenance.body')} />);
    return;
  }

  // As a transition, React renders the app in slices of a few milliseconds, yielding between them,
  // instead of one long task that holds a phone's main thread (docs/performance.md, step 21).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AuthProvider onSignInStarted={preloadSignedInApp}>
          <App />
        </AuthProvider>
      </StrictMode>,
    ),
  );
}

void bootstrap();
// JavaScript errors and failed API calls to CloudWatch RUM, after the page is interactive.
scheduleBrowserErrors();
