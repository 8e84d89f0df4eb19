/**
 * Keyboard-only driving and the visible-focus check (WCAG 2.1.1, 2.4.3, 2.4.7): Tab to a control,
 * press a key on what has focus, and assert at every stop that focus is on a visible element that
 * shows a focus indicator. Each check is one round trip to the page (the journey makes hundreds).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The focus-relevant styles of the element and of the boxes a focus ring may be drawn on. */
type FocusStyles = Record<string, string>;

/**
 * exact: is the target focused (and the focused element's styles); within: the target or an element
 * inside it; probe: exact without the styles (one Tab press of many); target-styles: the target's
 * own styles, read before it gets focus.
 */
type Mode = 'exact' | 'within' | 'probe' | 'target-styles';

interface FocusReport {
  /** The target (or, `within`, an element inside it) has focus. */
  focused: boolean;
  /** The focused element, for messages. */
  description: string;
  lost: boolean;
  visible: boolean;
  focusVisible: boolean;
  styles: FocusStyles;
}

/**
 * Runs in the page: what has focus, whether it is `target`, whether it is visible and in the
 * viewport, and the styles a focus indicator changes (outline, box-shadow, border) on the focused
 * element and the boxes a component library draws its ring on: its ::before/::after, its next
 * sibling (the styled box after a hidden native radio or checkbox), its parent and grandparent.
 * Self-contained: Playwright sends its source to the page.
 */
function inspectFocus(
  target: Element | null,
  mode: 'exact' | 'within' | 'probe' | 'target-styles' = 'exact',
): FocusReport {
  const readStyles = (el: Element): FocusStyles => {
    const out: FocusStyles = {};
    const read = (node: Element | null | undefined, name: string) => {
      if (!node) return;
      for (const pseudo of [null, '::before', '::after'] as const) {
        const s = getComputedStyle(node, pseudo);
        if (pseudo && (s.content === 'none' || s.content === 'normal')) continue;
        const key = `${name}${pseudo ?? ''}`;
        out[`${key} outline`] =
          s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? s.outline : 'none';
        out[`${key} box-shadow`] = s.boxShadow;
        out[`${key} border`] = `${s.borderTopWidth} ${s.borderTopColor} ${s.borderBottomColor}`;
      }
    };
    read(el, 'self');
    read(el.nextElementSibling, 'next');
    read(el.parentElement, 'parent');
    read(el.parentElement?.nextElementSibling, 'parent-next');
    read(el.parentElement?.parentElement, 'grandparent');
    return out;
  };
  const active = document.activeElement;
  const lost = !active || active === document.body;
  const focused =
    !!target && !!active && (target === active || (mode === 'within' && target.contains(active)));
  let description = '<body> (focus lost)';
  if (!lost) {
    const name =
      active.getAttribute('aria-label') ??
      (active as HTMLInputElement).labels?.[0]?.textContent ??
      active.textContent?.trim().slice(0, 60) ??
      '';
    const role = active.getAttribute('role');
    description = `<${active.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name}"`;
  }
  let visible = false;
  if (!lost) {
    const rect = active.getBoundingClientRect();
    const style = getComputedStyle(active);
    visible =
      rect.width > 0 &&
      rect.height > 0 &&
      style.visibility !== 'hidden' &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < innerHeight &&
      rect.left < innerWidth;
  }
  return {
    focused,
    description,
    lost,
    visible,
    focusVisible: !lost && active.matches(':focus-visible'),
    styles:
      mode === 'target-styles' && target
        ? readStyles(target)
        : lost || mode === 'probe'
          ? {}
          : readStyles(active),
  };
}

/** The report for `target` (null: it is not in the page now). */
async function report(page: Page, target: Locator | undefined, mode: Mode = 'exact'): Promise<FocusReport> {
  if (target) {
    const r = await target.evaluate(inspectFocus, mode).catch(() => undefined);
    if (r) return r;
  }
  return page.evaluate(inspectFocus, null);
}

/** What has focus now, for messages. */
export async function describeFocus(page: Page): Promise<string> {
  return (await report(page, undefined)).description;
}

/**
 * Asserts that the stop is accessible: focus is on a visible element (not <body>) that matches
 * :focus-visible and shows a focus indicator — compared with `unfocused` (its styles before it had
 * focus), an outline, box-shadow or border of it or of a box drawn for it changed; without it, the
 * element itself (or its ::before/::after) has a visible outline or box-shadow.
 */
function expectVisibleFocusIn(r: FocusReport, what: string, unfocused?: FocusStyles): void {
  const at = `${what} (focus on ${r.description})`;
  expect(r.lost, `focus lost at ${at}`).toBe(false);
  expect(r.visible, `the focused element is hidden or off screen at ${at}`).toBe(true);
  expect(r.focusVisible, `the focused element does not match :focus-visible at ${at}`).toBe(true);
  const shows = (key: string, value: string) => key.endsWith('border') || value !== 'none';
  const indicators = unfocused
    ? Object.entries(r.styles).filter(([k, v]) => k in unfocused && unfocused[k] !== v && shows(k, v))
    : Object.entries(r.styles).filter(
        ([k, v]) => k.startsWith('self') && !k.endsWith('border') && shows(k, v),
      );
  expect(
    indicators.length,
    `no visible focus indicator at ${at}: ${JSON.stringify(r.styles)}`,
  ).toBeGreaterThan(0);
}

/** Asserts the visible focus at a stop (see expectVisibleFocusIn) on whatever has focus now. */
export async function expectVisibleFocus(page: Page, what: string, unfocused?: FocusStyles): Promise<void> {
  expectVisibleFocusIn(await report(page, undefined), what, unfocused);
}

/** The target's focus-relevant styles while it does not have focus (undefined: it has focus). */
async function unfocusedStyles(target: Locator): Promise<FocusStyles | undefined> {
  const r = await target.evaluate(inspectFocus, 'target-styles' as Mode);
  return r.focused ? undefined : r.styles;
}

/** Presses `key` until `target` has focus, at most `max` times, then asserts the visible focus. */
async function moveTo(page: Page, target: Locator, key: string, max: number): Promise<void> {
  await expect(target).toBeVisible();
  const before = await unfocusedStyles(target);
  const seen: string[] = [];
  let r = await report(page, target, 'probe');
  for (let i = 0; i < max && !r.focused; i++) {
    await page.keyboard.press(key);
    r = await report(page, target, 'probe');
    seen.push(r.description);
  }
  if (!r.focused) {
    throw new Error(
      `${key} did not reach ${target.toString()} in ${max} presses; focus went: ${seen.join(' → ')}`,
    );
  }
  expectVisibleFocusIn(await report(page, target), target.toString(), before);
}

/** Presses Tab (Shift+Tab with `back`) until `target` has focus, then asserts the visible focus. */
export async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await moveTo(page, target, options.back ? 'Shift+Tab' : 'Tab', options.max ?? 40);
}

/**
 * Presses ArrowDown (ArrowUp with `back`) until `target` has focus (a radio group checks as focus
 * moves; a menu highlights), then asserts the visible focus.
 */
export async function arrowTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await moveTo(page, target, options.back ? 'ArrowUp' : 'ArrowDown', options.max ?? 20);
}

/** Presses `key` on what has focus. */
export async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
}

/**
 * Asserts that `target` (or an element inside it: a heading's text) gets focus, after a page change
 * or a dialog closed, and shows it.
 */
export async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await report(page, target, 'within');
        return r.focused ? 'focused' : r.description;
      },
      { message: `focus is not on ${what}` },
    )
    .toBe('focused');
  expectVisibleFocusIn(await report(page, target, 'within'), what);
}
