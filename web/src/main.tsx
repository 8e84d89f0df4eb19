import '@cloudscape-design/global-styles/index.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from './i18n';
import { loadConfig, type RuntimeConfig } from './app/config';
import { AuthProvider } from './app/auth';
import { App } from './app/App';
import { StatusPage } from './app/StatusPage';

async function bootstrap() {
  const i18n = await initI18n('signedOut');
  const element = document.getElementById('root');
  if (!element) throw new Error('#root is missing');
  const root = createRoot(element);

  let config: RuntimeConfig;
  try {
    config = await loadConfig();
  } catch (error) {
    console.error(error);
    root.render(<StatusPage title={i18n.t('app.name')} body={i18n.t('app.configError')} />);
    return;
  }
  if (config.flags.maintenance) {
    root.render(<StatusPage title={i18n.t('maintenance.title')} body={i18n.t('maintenance.body')} />);
    return;
  }

  root.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AuthProvider>
          <App />
        </AuthProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void bootstrap();
