import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './import-graph';
import { upwardImports, WEB_UPWARD_ALLOWED, webLayerOf } from './web-layers';

/**
 * The web's layers point one way (docs/architecture.md, "The web's layers"): lib and i18n → api →
 * components → features → routes → app. Counted on every import, type-only ones and `import()` too.
 */
const ALL = { types: true, dynamic: true };

describe("the web's layers", () => {
  it('every file of web/src is in a layer (a new top-level folder is placed in web/layers.json first)', () => {
    expect(sourceFiles(['web/src']).filter((f) => webLayerOf(f) === undefined)).toEqual([]);
  });

  it('no import runs from a lower layer to a higher one, but those allowed with a reason', () => {
    expect(upwardImports(importGraph(['web/src'], ALL))).toEqual(Object.keys(WEB_UPWARD_ALLOWED).sort());
  });

  it.each([
    ['lib → app', 'web/src/lib/dates.ts', 'web/src/app/App.tsx'],
    ['lib → features', 'web/src/lib/config.ts', 'web/src/features/auth/SignInPage.tsx'],
    ['i18n → api', 'web/src/i18n/load.ts', 'web/src/api/client.ts'],
    ['api → components', 'web/src/api/client.ts', 'web/src/components/Logo.tsx'],
    ['api → features', 'web/src/api/user.ts', 'web/src/features/user/twoStepRules.ts'],
    ['api → app', 'web/src/api/client.ts', 'web/src/app/rum/start.ts'],
    [
      'components → features',
      'web/src/components/ImageUploadField.tsx',
      'web/src/features/applications/x.ts',
    ],
    ['components → routes', 'web/src/components/subSection.ts', 'web/src/routes/signedIn.tsx'],
    ['features → routes', 'web/src/features/dashboard/DashboardPage.tsx', 'web/src/routes/signedIn.tsx'],
    ['features → app', 'web/src/features/auth/SignInPage.tsx', 'web/src/app/preload.ts'],
    ['features → the entry', 'web/src/features/shell/AppShell.tsx', 'web/src/main.tsx'],
    ['routes → app', 'web/src/routes/signedOut.tsx', 'web/src/app/App.tsx'],
  ])('refuses %s', (_shape, from, to) => {
    expect(upwardImports(new Map([[from, [to]]]))).toEqual([`${from} -> ${to}`]);
  });

  it.each([
    ['app → features', 'web/src/app/App.tsx', 'web/src/features/auth/AuthProvider.tsx'],
    ['the entry → app', 'web/src/main.tsx', 'web/src/app/App.tsx'],
    ['routes → features', 'web/src/routes/signedIn.tsx', 'web/src/features/dashboard/DashboardPage.tsx'],
    ['features → features', 'web/src/features/shell/AppShell.tsx', 'web/src/features/auth/AuthProvider.tsx'],
    ['features → lib', 'web/src/features/payments/PayerPage.tsx', 'web/src/lib/dates.ts'],
    ['components → api', 'web/src/components/Announcements.tsx', 'web/src/api/client.ts'],
    ['lib → i18n', 'web/src/lib/dates.ts', 'web/src/i18n/translate.ts'],
    ['any → shared/', 'web/src/lib/dates.ts', 'shared/domain/dates.ts'],
  ])('allows %s', (_shape, from, to) => {
    expect(upwardImports(new Map([[from, [to]]]))).toEqual([]);
  });
});
