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

  it('loads no Amplify before the person types or a stored session is restored (web/src/lib/amplify.ts)', () => {
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

/** The en.json namespaces the signed-out pages' files name (`auth.…`), each with the file naming it. */
function namespacesUsed(entries: string[]): Set<string> {
  const files = new Set<string>();
  packagesReached(entries, files);
  const keyPattern = new RegExp(`['\`](${Object.keys(en).join('|')})\\.[A-Za-z]`, 'g');
  const used = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(keyPattern))
      used.add(`${m[1]} (${path.relative(root, file)})`);
  return used;
}

/** The en.json keys a module of web/src/i18n imports by name (`import { a, b } from './en.json…'`). */
function keysImportedBy(module: string): string[] {
  const source = readFileSync(path.join(root, 'web/src/i18n', module), 'utf8');
  return /import \{([^}]+)\} from '\.\/en\.json(\?\w+)?';/
    .exec(source)![1]!
    .split(',')
    .map((k) => k.trim());
}

describe('the signed-out pages', () => {
  it('the first page uses only the strings it loads (SIGNED_OUT_STRINGS; the rest come later)', () => {
    const used = namespacesUsed(['web/src/main.tsx', 'web/src/features/auth/SignInPage.tsx']);
    const firstPage = keysImportedBy('strings.ts');
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((u) => !firstPage.includes(u.split(' ')[0]!))).toEqual([]);
  });

  it("the lazy signed-out pages use only those and the account pages' strings (loaded with i18next)", () => {
    const used = namespacesUsed([
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
    ]);
    const loaded = [...keysImportedBy('strings.ts'), ...keysImportedBy('account-pages.ts')];
    expect(keysImportedBy('account-pages.ts')).toEqual(['accountPages']);
    expect([...used].some((u) => u.startsWith('accountPages '))).toBe(true);
    expect([...used].filter((u) => !loaded.includes(u.split(' ')[0]!))).toEqual([]);
  });
});
