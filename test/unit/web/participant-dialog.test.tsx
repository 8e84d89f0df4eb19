// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { i18n as I18n } from 'i18next';
import participantTypesJson from '../../../shared/reference/participant-types.json';
import qualificationTypesJson from '../../../shared/reference/qualification-types.json';
import { initI18n } from '../../../web/src/i18n';
import { participantsApi } from '../../../web/src/api/participants';
import { ServiceError } from '../../../web/src/api/errors';
import { ParticipantsSection } from '../../../web/src/features/participants/ParticipantsSection';
import type { ParticipantType, QualificationType } from '../../../shared/schemas/reference';
import { renderPage } from './applications-support';
import { chooseCardAction, person } from './participants-support';

vi.mock('../../../web/src/api/participants', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/participants')>();
  return {
    ...actual,
    participantsApi: Object.fromEntries(Object.keys(actual.participantsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(participantsApi);

const me = person({
  id: 'p-me',
  loginUserId: 'u-me',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  phone: '0211234567',
  address: { fullAddress: '1 Cuba Street, Wellington 6011' },
  participantTypes: ['RegisteredOwner', 'Owner', 'InvoicePayer'],
  accessLevel: 'Manage',
  invitation: 'Accepted',
});
const designer = person({
  id: 'p-d',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.nz',
  participantTypes: ['Designer'],
  accessLevel: 'ReadOnly',
  invitation: 'Unregistered',
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.list.mockResolvedValue([me, designer]);
  api.types.mockResolvedValue(participantTypesJson as ParticipantType[]);
  api.qualificationTypes.mockResolvedValue(qualificationTypesJson as QualificationType[]);
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const type = async (el: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(el, { target: { value } }));
const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** A role's checkbox (its name ends with the group's label, 'Roles'). */
const box = (name: string) => screen.getByRole('checkbox', { name: `${name} Roles` });
const leave = async (el: HTMLElement) => act(async () => void fireEvent.blur(el));
const field = (name: string) => screen.getByRole('textbox', { name });
const isDisabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

async function openAdd(isDraft = true) {
  renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit isDraft={isDraft} />);
  await click(await screen.findByRole('button', { name: 'Add a participant' }));
  return screen.findByRole('dialog', { name: 'Add a participant' });
}
async function openEdit(name: string, isDraft = true) {
  renderPage(i18n, <ParticipantsSection applicationId="A1" canEdit isDraft={isDraft} />);
  const card = await screen.findByRole('article', { name });
  await chooseCardAction(card, 'edit');
  return screen.findByRole('dialog', { name: 'Edit a person on the application' });
}
async function fillContact(values: { first?: string; last?: string; email?: string } = {}) {
  await type(field('First name'), values.first ?? 'Tama');
  await type(field('Last name'), values.last ?? 'Rewi');
  await type(field('Email'), values.email ?? 'tama@example.nz');
}

describe('the participant dialog', () => {
  it('steps Roles and access → Contact details → License details, Next named after the next step, Finish last', async () => {
    const dialog = await openAdd();
    expect(within(dialog).getByRole('heading', { name: 'Roles and access' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    await click(box('Designer'));
    await click(button('Next: Contact details'));
    expect(within(dialog).getByRole('heading', { name: 'Contact details' })).toBeTruthy();
    expect(within(dialog).getByText('Step 2 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
    await fillContact();
    await click(button('Next: License details'));
    expect(within(dialog).getByRole('button', { name: 'Finish' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Next/ })).toBeNull();
  });

  it('Next on Contact details is disabled until the details are valid and have an email', async () => {
    await openAdd();
    await click(button('Next: Contact details'));
    const next = button('Next: License details');
    expect(isDisabled(next)).toBe(true);
    // The spec's label, and a line saying whose address it is (docs/participants.md).
    expect(screen.getByText('Address of the building site')).toBeTruthy();
    expect(screen.getByText(/This person's own address, where the council can reach them/)).toBeTruthy();
    await fillContact({ email: '' });
    expect(isDisabled(next)).toBe(true);
    await type(field('Email'), 'not-an-email');
    await leave(field('Email'));
    expect(isDisabled(next)).toBe(true);
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    await type(field('Email'), 'Tama@Example.nz');
    expect(isDisabled(next)).toBe(false);
    await type(field('First name'), '1Tama');
    await leave(field('First name'));
    expect(screen.getByText('Please enter a name with a valid format')).toBeTruthy();
    expect(isDisabled(next)).toBe(true);
  });

  it('the Owners group step appears only with the OwnerContact type', async () => {
    api.list.mockResolvedValue([designer]);
    const dialog = await openAdd();
    await click(button('Next: Contact details'));
    await fillContact();
    expect(within(dialog).queryByRole('button', { name: 'Next: Owners group' })).toBeNull();
    await click(button('Back'));
    await click(box('Owner contact'));
    await click(button('Next: Contact details'));
    // OwnerContact needs a contact number and a full address before going on.
    const next = button('Next: Owners group');
    expect(isDisabled(next)).toBe(true);
    await type(field('Contact number'), '021 234 5678');
    await click(button('Enter address manually'));
    expect(button('Back to contact')).toBeTruthy();
    await type(field('Address line 1'), '5 Cuba Street');
    await type(field('City'), 'Wellington');
    await type(field('Postcode'), '6011');
    expect(isDisabled(next)).toBe(false);
    await click(next);
    expect(within(dialog).getByRole('heading', { name: 'Owners group' })).toBeTruthy();
    expect((field('Group name') as HTMLInputElement).value).toBe('Owners Group');
  });

  it('a role its only holder may not give up is disabled', async () => {
    const dialog = await openEdit('Aroha Ngata');
    expect(isDisabled(box('Invoice payer'))).toBe(true);
    expect(isDisabled(box('Designer'))).toBe(false);
    // Owner is masked by RegisteredOwner: not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Owner Roles' })).toBeNull();
  });

  it('read plainly (docs/participants.md): a held role the application needs is disabled for a second holder too, with the reason', async () => {
    // Hemi is a second registered owner, stored by the types' ids (an older item).
    const hemi = person({
      id: 'p-h',
      firstName: 'Hemi',
      lastName: 'Walker',
      email: 'hemi@example.nz',
      participantTypes: ['registered-owner', 'designer'],
      accessLevel: 'ReadOnly',
    });
    api.list.mockResolvedValue([me, designer, hemi]);
    const dialog = await openEdit('Hemi Walker', false);
    expect(isDisabled(box('Registered owner'))).toBe(true);
    expect((box('Registered owner') as HTMLInputElement).checked).toBe(true);
    expect(
      within(dialog).getByText(
        'Once the application is lodged, this role cannot be taken off anyone who has it.',
      ),
    ).toBeTruthy();
    expect(isDisabled(box('Designer'))).toBe(false);
    cleanup();
    const aroha = await openEdit('Aroha Ngata', true);
    expect(isDisabled(box('Invoice payer'))).toBe(true);
    expect(
      within(aroha).getByText(
        'The application needs this role. To move it, give it to someone else: it moves from this person then.',
      ),
    ).toBeTruthy();
    // In Draft a required role that is not mandatory may be unselected.
    expect(isDisabled(box('Registered owner'))).toBe(false);
  });

  it('each role says in one line what it means, from the reference data (docs/participants.md)', async () => {
    const dialog = await openAdd();
    // Every type offered to a new participant (all of them: nothing is held, so nothing is masked).
    for (const t of participantTypesJson as ParticipantType[]) {
      expect(box(t.displayName)).toBeTruthy();
      expect(within(dialog).getByText(t.description!), t.name).toBeTruthy();
    }
    expect(
      within(dialog).getByText("Gets the council's invoices for this application and pays them."),
    ).toBeTruthy();
    expect(within(dialog).getByText('Prepares and looks after the application for the owner.')).toBeTruthy();
  });

  it('a type without a description shows its name alone', async () => {
    api.types.mockResolvedValue(
      (participantTypesJson as ParticipantType[]).map(({ description: _d, ...t }) => t as ParticipantType),
    );
    const dialog = await openAdd();
    expect(box('Agent')).toBeTruthy();
    expect(within(dialog).queryByText('Prepares and looks after the application for the owner.')).toBeNull();
  });

  it("a role's minimum access raises the access and disables the levels below it", async () => {
    await openAdd();
    expect(screen.queryByText('Participant access has been increased')).toBeNull();
    // Each access level says in one line what it lets the person do (docs/participants.md).
    expect(screen.getByText('Can also add and remove people and change what they can do.')).toBeTruthy();
    expect(screen.getByText('Listed on the application; cannot open it in the portal.')).toBeTruthy();
    await click(box('Agent'));
    expect(screen.getByText('Participant access has been increased')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Manage' }) as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(screen.getByRole('radio', { name: 'Edit' }))).toBe(true);
    expect(isDisabled(screen.getByRole('radio', { name: 'No access' }))).toBe(true);
  });

  it('giving a one-person role someone holds asks first, then saves and says it was reassigned', async () => {
    api.create.mockResolvedValue(
      person({
        id: 'p-new',
        firstName: 'Tama',
        participantTypes: ['InvoicePayer'],
        email: 'tama@example.nz',
      }),
    );
    await openAdd();
    await click(box('Invoice payer'));
    const confirm = await screen.findByRole('dialog', { name: 'Role change confirmation' });
    expect(within(confirm).getByText(/Aroha Ngata has the Invoice payer role/)).toBeTruthy();
    expect((box('Invoice payer') as HTMLInputElement).checked).toBe(false);
    await click(within(confirm).getByRole('button', { name: 'Reassign' }));
    expect((box('Invoice payer') as HTMLInputElement).checked).toBe(true);
    await click(button('Next: Contact details'));
    await fillContact();
    await type(field('Contact number'), '021 234 5678');
    await click(button('Enter address manually'));
    await type(field('Address line 1'), '5 Cuba Street');
    await type(field('City'), 'Wellington');
    await type(field('Postcode'), '6011');
    await click(button('Next: License details'));
    await click(button('Finish'));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(
        'A1',
        expect.objectContaining({
          firstName: 'Tama',
          lastName: 'Rewi',
          email: 'tama@example.nz',
          phone: '021 234 5678',
          phoneCountryCode: '+64',
          participantTypes: ['InvoicePayer'],
          address: expect.objectContaining({
            address1: '5 Cuba Street',
            zipCode: '6011',
            isManualAddress: true,
          }),
        }),
      ),
    );
    expect(await screen.findByText('Participant type has been reassigned')).toBeTruthy();
  });

  it('Apply license is enabled only when the licence is valid; the licence is sent with the participant', async () => {
    api.update.mockResolvedValue(designer);
    const dialog = await openEdit('Ana Lee');
    await click(button('Next: Contact details'));
    await click(button('Next: License details'));
    await click(await within(dialog).findByRole('button', { name: 'Add a licence' }));
    const apply = button('Apply license');
    expect(isDisabled(apply)).toBe(true);
    const w = createWrapper(dialog);
    await act(async () => w.findSelect()!.openDropdown());
    await act(async () => w.findSelect()!.selectOptionByValue('LBP'));
    expect(isDisabled(apply)).toBe(true);
    await act(async () => w.findMultiselect()!.openDropdown());
    await act(async () => w.findMultiselect()!.selectOptionByValue('Carpentry'));
    await type(field('Number'), 'BP12');
    expect(isDisabled(apply)).toBe(true);
    await type(field('Number'), 'BP100064');
    expect(isDisabled(apply)).toBe(false);
    await click(apply);
    expect(within(dialog).getByText('BP100064')).toBeTruthy();
    await click(button('Finish'));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        'A1',
        'p-d',
        expect.objectContaining({
          firstName: 'Ana',
          participantTypes: ['Designer'],
          qualifications: [
            expect.objectContaining({
              qualificationName: 'LBP',
              licensingClasses: ['Carpentry'],
              qualificationNumber: 'BP100064',
            }),
          ],
        }),
      ),
    );
  });

  it("a server field error takes the dialog to its step and shows the server's message on the field", async () => {
    const message = 'Email used on existing participant: email must be unique';
    api.update.mockRejectedValue(
      new ServiceError('ClientError', message, 400, [{ field: 'body.email', reason: message }]),
    );
    const dialog = await openEdit('Ana Lee');
    await click(button('Next: Contact details'));
    await click(button('Next: License details'));
    await click(button('Finish'));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Contact details' })).toBeTruthy();
  });

  it('after adding, the invitation notice names the email', async () => {
    api.create.mockResolvedValue(
      person({ id: 'p-new', firstName: 'Tama', email: 'tama@example.nz', invitation: 'Queued' }),
    );
    await openAdd();
    await click(button('Next: Contact details'));
    await fillContact();
    await click(button('Next: License details'));
    await click(button('Finish'));
    expect(await screen.findByText('Invitation has been sent to tama@example.nz')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add a participant' })).toBeNull();
  });
});
