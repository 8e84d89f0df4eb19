import { expect, type Locator, type Page } from '@playwright/test';

export const NAV_ITEMS = [
  { text: 'Dashboard', href: '/' },
  { text: 'Projects', href: '/projects' },
  { text: 'Libraries', href: '/libraries' },
  { text: 'Organisation', href: '/organisation-members' },
] as const;

/** The signed-in layout: top bar, side navigation and the page content. */
export class ShellPage {
  readonly topNavigation: Locator;
  readonly sideNavigation: Locator;
  readonly heading: Locator;
  /** The dashboard's welcome title: proof of a completed sign-in (the sign-in page has an h1 too). */
  readonly dashboardHeading: Locator;

  constructor(readonly page: Page) {
    this.topNavigation = page.getByRole('banner', { name: 'Top navigation' });
    this.sideNavigation = page.getByRole('navigation', { name: 'Navigation', exact: true });
    this.heading = page.getByRole('heading', { level: 1 });
    this.dashboardHeading = page.getByRole('heading', { level: 1, name: /^Welcome/ });
  }

  navLink(href: string): Locator {
    return this.sideNavigation.locator(`a[href="${href}"]`);
  }

  /** The side navigation's toggle: at phone width the navigation is a drawer opened by it. */
  get navigationToggle(): Locator {
    return this.page.getByRole('button', { name: 'Open navigation', exact: true });
  }

  /**
   * The side navigation highlights the section the page belongs to (`href`), or none (`null`).
   * At phone width it first opens the navigation drawer, and closes it again afterwards.
   */
  async expectSection(href: string | null): Promise<void> {
    const drawer = (this.page.viewportSize()?.width ?? 1440) < 688;
    if (drawer) await this.navigationToggle.click();
    const current = this.sideNavigation.locator('[aria-current="page"]');
    if (href === null) await expect(current).toHaveCount(0);
    else {
      await expect(this.navLink(href)).toBeVisible();
      await expect(current).toHaveCount(1);
      await expect(this.navLink(href)).toHaveAttribute('aria-current', 'page');
    }
    if (drawer) await this.page.getByRole('button', { name: 'Close navigation', exact: true }).click();
  }

  async expectVisible(): Promise<void> {
    await expect(this.topNavigation).toBeVisible();
    await expect(this.topNavigation.getByRole('link', { name: 'Consent Portal home' })).toBeVisible();
    for (const item of NAV_ITEMS) {
      await expect(this.navLink(item.href)).toHaveText(item.text);
    }
  }

  userMenu(name: string): Locator {
    return this.page.getByRole('button', { name: `User menu for ${name}` });
  }

  async signOut(name: string): Promise<void> {
    await this.userMenu(name).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
