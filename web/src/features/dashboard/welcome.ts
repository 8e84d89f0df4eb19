import { BREAKPOINTS } from '../../lib/constants';

/** "Wider screens" for the welcome title: the md breakpoint (1024 px) and up. */
export const WIDE_WELCOME_BREAKPOINT = 'md' as const;

export type WelcomeKey =
  'dashboard.welcomeWide' | 'dashboard.welcome' | 'dashboard.welcomeWideUnnamed' | 'dashboard.welcomeUnnamed';

export function isWideForWelcome(viewportWidth: number): boolean {
  return viewportWidth >= BREAKPOINTS[WIDE_WELCOME_BREAKPOINT];
}

/**
 * The i18n key of the dashboard's welcome title: the spec's words with a comma before the name
 * ("Welcome to your dashboard, Aroha"; docs/applications.md), and no dangling comma before the
 * name is known.
 */
export function welcomeTitleKey(wide: boolean, named = true): WelcomeKey {
  if (!named) return wide ? 'dashboard.welcomeWideUnnamed' : 'dashboard.welcomeUnnamed';
  return wide ? 'dashboard.welcomeWide' : 'dashboard.welcome';
}

/** The name shown in the welcome title: the first name, else the e-mail's local part. */
export function welcomeName(user: { firstName?: string; email?: string; username?: string }): string {
  const first = user.firstName?.trim();
  if (first) return first;
  const fromEmail = user.email?.split('@')[0];
  return fromEmail || user.username || '';
}
