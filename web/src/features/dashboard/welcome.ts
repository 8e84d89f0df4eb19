import { BREAKPOINTS } from '../../app/constants';

/** "Wider screens" for the welcome title: the md breakpoint (1024 px) and up. */
export const WIDE_WELCOME_BREAKPOINT = 'md' as const;

export type WelcomeKey = 'dashboard.welcomeWide' | 'dashboard.welcome';

export function isWideForWelcome(viewportWidth: number): boolean {
  return viewportWidth >= BREAKPOINTS[WIDE_WELCOME_BREAKPOINT];
}

/** The i18n key of the dashboard's welcome title. */
export function welcomeTitleKey(wide: boolean): WelcomeKey {
  return wide ? 'dashboard.welcomeWide' : 'dashboard.welcome';
}

/** The name shown in the welcome title: the first name, else the e-mail's local part. */
export function welcomeName(user: { firstName?: string; email?: string; username?: string }): string {
  const first = user.firstName?.trim();
  if (first) return first;
  const fromEmail = user.email?.split('@')[0];
  return fromEmail || user.username || '';
}
