// @vitest-environment jsdom
/**
 * The organisation profile's image (docs/organisations.md): the shared image field
 * (web/src/components/ImageUploadField.tsx) in the profile dialog — a chosen PNG is uploaded with a
 * presigned PUT and PATCH names its key; Remove sends null; a file of another type is refused
 * with the spec's words and nothing is sent. API, the PUT and the browser's scaling are mocked.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { organisationsApi } from '../../../web/src/api/organisations';
import { putFile } from '../../../web/src/api/documents';
import { scaleThumbnail } from '../../../web/src/components/thumbnail';
import OrganisationMembersPage from '../../../web/src/features/organisations/OrganisationMembersPage';
import { renderPage } from './applications-support';
import { admin, aroha, membersOf, tama } from './organisations-support';

vi.mock('../../../web/src/api/organisations', async (importOriginal) =>
  (await import('./organisations-support')).mockedOrganisationsApi(importOriginal),
);
// The captcha widget (altcha) does not load in jsdom (the invite dialog's); never used here.
vi.mock('../../../web/src/features/auth/Captcha', () => ({ Captcha: () => null }));
vi.mock('../../../web/src/api/documents', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/documents')>();
  return { ...actual, putFile: vi.fn() };
});
vi.mock('../../../web/src/components/thumbnail', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/components/thumbnail')>();
  return { ...actual, scaleThumbnail: vi.fn() };
});
const api = vi.mocked(organisationsApi);
const put = vi.mocked(putFile);
const scale = vi.mocked(scaleThumbnail);
const KEY = 'organisation-images/u-1/0f0e0d0c-0b0a-4908-8706-050403020100';
const STORED = 'data:image/jpeg;base64,STORED';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  put.mockReset();
  scale.mockReset();
});
afterEach(cleanup);

const click = async (el: HTMLElement) => act(async () => void fireEvent.click(el));
const isDisabled = (el: HTMLElement) =>
  (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';

async function openDialog(image?: string) {
  const members = membersOf([aroha, tama]);
  api.members.mockResolvedValue({
    ...members,
    organisation: { ...members.organisation, ...(image ? { image } : {}) },
  });
  renderPage(i18n, <OrganisationMembersPage />, { path: '/organisation-members' }, admin);
  await screen.findByRole('table', { name: 'Organisation members' });
  await click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit the organisation profile' });
}

async function chooseFile(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })));
}

describe('the organisation profile image', () => {
  it('a chosen PNG is previewed, uploaded with a presigned PUT, and PATCH names its key', async () => {
    const chosen = new File([new Uint8Array(20)], 'logo.png', { type: 'image/png' });
    scale.mockResolvedValueOnce({ dataUrl: 'data:image/jpeg;base64,NEW', name: 'logo.jpg', file: chosen });
    api.imageUpload.mockResolvedValueOnce({
      key: KEY,
      presignedUrl: 'https://uploads.example/put',
      expiresAt: '2026-01-01T00:00:00.000Z',
    });
    put.mockResolvedValueOnce(undefined);
    api.update.mockResolvedValueOnce({ id: 'org-1', displayName: 'Org', image: STORED });
    const dialog = await openDialog();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(isDisabled(save)).toBe(true);
    await chooseFile(dialog, chosen);
    await waitFor(() =>
      expect(dialog.querySelector('img')?.getAttribute('src')).toBe('data:image/jpeg;base64,NEW'),
    );
    expect(isDisabled(save)).toBe(false);
    await click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.imageUpload).toHaveBeenCalledWith({ contentType: 'image/png', contentLength: 20 });
    expect(put).toHaveBeenCalledWith(
      'https://uploads.example/put',
      chosen,
      expect.objectContaining({ contentType: 'image/png' }),
    );
    expect(api.update.mock.calls[0]![0]).toMatchObject({ image: KEY });
    expect(await screen.findByText('Organisation profile saved')).toBeTruthy();
  });

  it('Remove image sends null for a stored image', async () => {
    api.update.mockResolvedValueOnce({ id: 'org-1', displayName: 'Org' });
    const dialog = await openDialog(STORED);
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(STORED);
    await click(within(dialog).getByRole('button', { name: 'Remove image' }));
    expect(dialog.querySelector('img')).toBeNull();
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toMatchObject({ image: null });
    expect(api.imageUpload).not.toHaveBeenCalled();
  });

  it('a file of another type is refused with the spec wording and Save stays off', async () => {
    const dialog = await openDialog();
    await chooseFile(dialog, new File([new Uint8Array(5)], 'plan.pdf', { type: 'application/pdf' }));
    expect(
      await within(dialog).findByText(
        'File "plan.pdf" is not acceptable, we only accept JPG, JPEG, PNG or GIF files.',
      ),
    ).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Save' }))).toBe(true);
    expect(scale).not.toHaveBeenCalled();
  });
});
