import { describe, expect, it, vi } from 'vitest';
import { isWideForWelcome, welcomeName, welcomeTitleKey } from '../../../web/src/features/dashboard/welcome';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadOnceForChunkError,
} from '../../../web/src/routes/chunkError';
import en from '../../../web/src/i18n/en.json';

describe('dashboard welcome title', () => {
  it('uses the long title from the md breakpoint (1024 px) up', () => {
    expect(isWideForWelcome(1023)).toBe(false);
    expect(isWideForWelcome(1024)).toBe(true);
    expect(welcomeTitleKey(true)).toBe('dashboard.welcomeWide');
    expect(welcomeTitleKey(false)).toBe('dashboard.welcome');
  });

  it('has the spec strings', () => {
    // The spec's words, with a comma before the name (docs/architecture.md; docs/content-guide.md).
    expect(en.dashboard.welcomeWide).toBe('Welcome to your dashboard, {{name}}');
    expect(en.dashboard.welcome).toBe('Welcome, {{name}}');
    expect(welcomeTitleKey(true, false)).toBe('dashboard.welcomeWideUnnamed');
    expect(en.dashboard.welcomeWideUnnamed).toBe('Welcome to your dashboard');
    expect(en.auth.signIn.failed).toBe('Your login attempt has failed. Please try again.');
  });

  it('greets by first name, else by the e-mail local part', () => {
    expect(welcomeName({ firstName: ' Aroha ', email: 'a@b.nz' })).toBe('Aroha');
    expect(welcomeName({ firstName: '', email: 'tama@b.nz' })).toBe('tama');
  });
});

describe('chunk load failure', () => {
  it('recognises dynamic-import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once per session', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadOnceForChunkError(storage, reload)).toBe(true);
    expect(store.get(CHUNK_RELOAD_KEY)).toBe('1');
    expect(reloadOnceForChunkError(storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
