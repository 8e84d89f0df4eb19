import { expect, type Page } from '@playwright/test';

/**
 * Codes and internal words that must never reach a person (docs/content-guide.md):
 * the status enums as the API spells them, the RFI sign-offs, the gateway's results, and the
 * remains of a value that was not there.
 */
export const RAW_CODES =
  /\b(VRFISuspended|InProgress|NotStarted|AwaitingPayment|DepositPending|NOT_RESOLVED|RESOLVED|NOT_SPECIFIED|NOT_SUBMITTED|INCOMPLETE|APPROVED|DECLINED|undefined|null|NaN)\b/;

/** Asserts that the page's main content shows none of RAW_CODES. */
export async function expectNoRawCodes(page: Page, label: string): Promise<void> {
  const text = await page.locator('main').innerText();
  expect(text.match(RAW_CODES)?.[0], `a raw code on ${label}`).toBeUndefined();
}
