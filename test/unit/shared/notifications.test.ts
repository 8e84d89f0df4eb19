import { describe, expect, test } from 'vitest';
import {
  deliveryOf,
  effectiveLevel,
  notificationKinds,
  notificationLevels,
  type NotificationKind,
  type NotificationLevelValue,
} from '../../../shared/domain/notifications';

/** The expected table (docs/notifications.md "Levels"): told in the inbox (and by email when on). */
const TOLD: Record<NotificationLevelValue, Record<NotificationKind, boolean>> = {
  Watching: { action: true, milestone: true, activity: true },
  Normal: { action: true, milestone: true, activity: false },
  Muted: { action: true, milestone: false, activity: false },
};

describe('deliveryOf: every kind × level', () => {
  for (const level of notificationLevels)
    for (const kind of notificationKinds) {
      const told = TOLD[level][kind];
      test(`${level} × ${kind} → ${told ? 'inbox and email' : 'nothing'}`, () => {
        expect(deliveryOf(kind, level, true)).toEqual({ inbox: told, email: told });
      });
      test(`${level} × ${kind}, email preference off → ${told ? 'inbox only' : 'nothing'}`, () => {
        expect(deliveryOf(kind, level, false)).toEqual({ inbox: told, email: false });
      });
    }
});

describe('effectiveLevel', () => {
  test("the participant's own level wins over the user's default", () => {
    expect(effectiveLevel('Muted', 'Watching')).toBe('Muted');
    expect(effectiveLevel('Watching', 'Muted')).toBe('Watching');
  });
  test("without a row, the user's default; without either, Normal", () => {
    expect(effectiveLevel(undefined, 'Watching')).toBe('Watching');
    expect(effectiveLevel(undefined, undefined)).toBe('Normal');
  });
});
