/**
 * The words the portal shows (docs/content-guide.md): no string of the web's
 * catalogue is a code or an internal word. Statuses reach pages through their plain labels
 * (shared/domain/plain-labels.ts, pinned in test/unit/shared/plain-labels.test.ts).
 */
import { describe, expect, it } from 'vitest';
import en from '../../../web/src/i18n/en.json';

/** Words we don't use on screen, and the codes that must not reach it. */
const NOT_ON_SCREEN =
  /\bBCA\b|\bComplexity\b|\bcontrols?\b|\b(VRFISuspended|InProgress|NotStarted|AwaitingPayment|DepositPending|NOT_RESOLVED|RESOLVED|DECLINED|APPROVED)\b/;

function strings(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('the words on screen', () => {
  it('no catalogue string is a code or an internal word (BCA, Complexity, control)', () => {
    const found = strings(en).filter(([, text]) => NOT_ON_SCREEN.test(text));
    expect(found).toEqual([]);
  });

  it('no catalogue string promises a later version (dead strings: "coming soon", "in a later release")', () => {
    const found = strings(en).filter(([, text]) =>
      /coming soon|later release|not (yet )?implemented/i.test(text),
    );
    expect(found).toEqual([]);
  });

  it('the filters and the summary name the council and the type of building work', () => {
    expect(en.applications.filters.BCA).toBe('Council');
    expect(en.applications.filters.Complexity).toBe('Type of building work');
    expect(en.applicationDetails.overview.type).toBe('Type of building work');
    // The summary's "authority" (the spec (docs/content-guide.md) names the field, not the label) is the council.
    expect(en.applicationDetails.overview.authority).toBe('Council');
    expect(en.newApplication.child.authority).toBe('Council');
    expect(en.applicationForm.review.severity.Control_one).toBe('{{count}} thing to note');
  });
});
