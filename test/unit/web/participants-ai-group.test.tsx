// @vitest-environment jsdom
/**
 * An owners group proposed from the record of title (portal-core §4): its card shows 'AI' as the
 * modifier and asks the applicant to confirm it; once a person saved it, no AI mark.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { ParticipantCard } from '../../../web/src/features/participants/ParticipantCard';
import { person } from './participants-support';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(cleanup);

const group = (modifiedBy: string) =>
  person({
    id: 'g',
    groupName: 'Owners Group',
    groupList: 'Jane Elizabeth Smith, Robert John Smith',
    modifiedBy,
  });

const card = (modifiedBy: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ParticipantCard participant={group(modifiedBy)} types={[]} canEdit busy={false} onAction={() => {}} />
    </I18nextProvider>,
  );

describe('the owners group proposed by AI', () => {
  it("shows 'Modified by AI' and asks for confirmation", () => {
    card('AI');
    expect(screen.getByRole('article', { name: 'Owners Group' })).toBeTruthy();
    expect(screen.getByText('Modified by AI')).toBeTruthy();
    expect(
      screen.getByText(
        'Proposed from the registered owners on the record of title. Check it and save it to confirm.',
      ),
    ).toBeTruthy();
  });

  it('once a person saved it, no AI mark', () => {
    card('user-1');
    expect(screen.queryByText('Modified by AI')).toBeNull();
  });
});
