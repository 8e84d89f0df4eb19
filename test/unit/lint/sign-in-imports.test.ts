import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../web/src/i18n/en.json';
import { packagesReached, root } from './static-imports';

/**
 * The first page of a new visitor (sign-in) must not load Cloudscape (docs/performance.md, "The
 * first load in the browser"): follows the static imports (not `import()`, which load later) from
 * the entry and the sign-in page and lists the packages reached.
 */
describe('the sign-in page', () => {
  it('loads no Cloudscape component before sign-in (only its small global styles)', () => {
    const reached = packagesReached(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const cloudscape = [...reached].filter(([p]) => p.startsWith('@cloudscape-design/components'));
    expect(cloudscape.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('loads no Amplify before the person types or a stored session is restored (web/src/app/amplify.ts)', () => {
    const reached = packagesReached(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const late = [...reached].filter(([p]) => /^(aws-amplify|@aws-amplify\/)/.test(p));
    expect(late.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('loads no zod: the signed-out forms check with shared/domain/validation.ts, schemas come with the API call', () => {
    const reached = packagesReached(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const zod = [...reached].filter(([p]) => p === 'zod' || p.startsWith('zod/'));
    expect(zod.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('loads no TanStack Query: the maintenance gate fetches plainly, the signed-in app brings its query cache', () => {
    const reached = packagesReached(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const query = [...reached].filter(([p]) => p.startsWith('@tanstack/'));
    expect(query.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('loads no i18next: the first page translates with web/src/i18n/translate.ts, the lazy pages bring i18next', () => {
    const reached = packagesReached(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const i18next = [...reached].filter(([p]) => /^(i18next|react-i18next)(\/|$)/.test(p));
    expect(i18next.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });
});

describe('the signed-out pages', () => {
  it('use only the strings the first page loads (SIGNED_OUT_STRINGS; the rest come with the signed-in app)', () => {
    const files = new Set<string>();
    packagesReached(
      [
        'web/src/main.tsx',
        ...[
          'SignInPage',
          'TotpSignInStep',
          'ResendVerification',
          'RegistrationPage',
          'ConfirmRegistrationPage',
          'InvitationRegistrationPage',
          'ForgotPasswordPage',
          'ResetPasswordPage',
        ].map((page) => `web/src/features/auth/${page}.tsx`),
        'web/src/features/support/SupportPage.tsx',
      ],
      files,
    );
    const namespaces = Object.keys(en);
    const keyPattern = new RegExp(`['\`](${namespaces.join('|')})\\.[A-Za-z]`, 'g');
    const used = new Set<string>();
    for (const file of files)
      for (const m of readFileSync(file, 'utf8').matchAll(keyPattern))
        used.add(`${m[1]} (${path.relative(root, file)})`);
    // The keys web/src/i18n/strings.ts imports by name from en.json (SIGNED_OUT_STRINGS).
    const i18nSource = readFileSync(path.join(root, 'web/src/i18n/strings.ts'), 'utf8');
    const signedOut = /import \{([^}]+)\} from '\.\/en\.json';/
      .exec(i18nSource)![1]!
      .split(',')
      .map((k) => k.trim());
    const outside = [...used].filter((u) => !signedOut.includes(u.split(' ')[0]!));
    expect(used.size).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });
});
