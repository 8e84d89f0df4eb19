/**
 * Inspection status labels (docs/statutory-clock.md): NotStarted none; InProgress 'In Progress'; Completed
 * 'Completed' with check icon and date; Fail 'Fail' with warning icon and date.
 */
import { describe, expect, it } from 'vitest';
import { inspectionStatusView, orderedTypes, type InspectionType } from '../../../shared/domain/inspections';

const type = (over: Partial<InspectionType> = {}): InspectionType => ({
  inspectionTypeId: 't1',
  name: 'Framing',
  status: 'NotStarted',
  history: [],
  ...over,
});
const history = [
  { date: '2026-11-02T01:00:00.000Z', name: 'Framing', result: 'Fail' as const, notice: 'Nogs missing' },
  { date: '2026-11-09T01:00:00.000Z', name: 'Framing', result: 'Pass' as const },
];

describe('inspectionStatusView', () => {
  it('labels each status as the spec says, with the latest result’s date', () => {
    expect(inspectionStatusView(type())).toEqual({ label: null, icon: null });
    expect(inspectionStatusView(type({ status: 'InProgress' }))).toEqual({
      label: 'In Progress',
      icon: null,
    });
    expect(inspectionStatusView(type({ status: 'Completed', history }))).toEqual({
      label: 'Completed',
      icon: 'check',
      date: '2026-11-09T01:00:00.000Z',
    });
    expect(inspectionStatusView(type({ status: 'Fail', history: [history[0]!] }))).toEqual({
      label: 'Fail',
      icon: 'warning',
      date: '2026-11-02T01:00:00.000Z',
    });
    expect(inspectionStatusView(type({ status: 'Completed' }))).toEqual({
      label: 'Completed',
      icon: 'check',
    });
  });

  it('orders a location’s types by the council’s sequence, then name', () => {
    const location = {
      location: 'Dwelling',
      inspectionTypes: [
        type({ name: 'Final', sequence: 3 }),
        type({ name: 'Drainage' }),
        type({ name: 'Foundations', sequence: 1 }),
        type({ name: 'Bracing' }),
      ],
    };
    expect(orderedTypes(location).map((t) => t.name)).toEqual([
      'Foundations',
      'Final',
      'Bracing',
      'Drainage',
    ]);
  });
});
