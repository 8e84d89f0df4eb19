// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { applicationsApi } from '../../../web/src/api/applications';
import { putFile } from '../../../web/src/api/documents';
import { ApplicationCards } from '../../../web/src/features/applications/ApplicationCards';
import { templateFormState } from '../../../web/src/features/applications/dialogs/SaveTemplateDialog';
import { callerSubscription } from '../../../web/src/features/applications/dialogs/NotificationLevelDialog';
import {
  fitThumbnail,
  thumbnailContentType,
  thumbnailName,
  thumbnailProblem,
} from '../../../web/src/components/thumbnail';
import { scaleThumbnail } from '../../../web/src/components/thumbnail';
import type { GetApplicationResponse } from '../../../shared/schemas/applications';
import { listItem, renderPage, user } from './applications-support';

vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
vi.mock('../../../web/src/api/documents', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/documents')>();
  return { ...actual, putFile: vi.fn() };
});
vi.mock('../../../web/src/components/thumbnail', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/components/thumbnail')>();
  return { ...actual, scaleThumbnail: vi.fn() };
});
const api = vi.mocked(applicationsApi);
const scale = vi.mocked(scaleThumbnail);
const put = vi.mocked(putFile);

let i18n: I18n;
beforeAll(async () => {
  // Cloudscape's transitions schedule timers that could fire after the file's jsdom is gone
  // ('window is not defined'): timers are faked (time still advances, so waitFor works) and the
  // pending ones run at each test's end, while the DOM is there, and are dropped at the file's end.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  scale.mockReset();
  put.mockReset();
  api.badges.mockResolvedValue({
    recentApplications: 0,
    allApplications: 0,
    submittedApplications: 0,
    archivedApplications: 0,
    recentConsents: 0,
    currentConsents: 0,
    archivedConsents: 0,
  });
});
afterEach(() => {
  act(() => {
    vi.runOnlyPendingTimers();
  });
  cleanup();
  vi.clearAllTimers();
});
afterAll(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

const body = () => createWrapper(document.body);
const toast = (text: string) => screen.findAllByText(text);

/** The card menu's item, by its id (the menu's texts are en.json's applications.menu). */
const MENU_TEXT: Record<string, string> = {
  delete: 'Delete',
  duplicate: 'Duplicate',
  saveAsTemplate: 'Save as Template',
  notificationLevel: 'Notification level',
};
async function choose(item: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Actions for / }));
  const name = MENU_TEXT[item];
  if (!name) throw new Error(`no menu text for ${item}`);
  await act(async () => fireEvent.click(screen.getByRole('menuitem', { name })));
  // The dialog's chunk loads when it is first opened (ApplicationCards).
  await waitFor(() => modal(), { timeout: 5000 });
}
const modal = () => {
  const open = body()
    .findAllModals()
    .find((m) => m.isVisible());
  if (!open) throw new Error('no open modal');
  return open;
};
/** The open modal's content as a page wrapper (for form controls). */
const inModal = () => createWrapper(modal().getElement());
const footerButton = (label: string) => {
  const found = [...modal().getElement().querySelectorAll('button')].find((b) => b.textContent === label);
  if (!found) throw new Error(`no button ${label}`);
  return found as HTMLButtonElement;
};

describe('Delete Application / Delete Template', () => {
  it('confirms, deletes and shows the card leaving', async () => {
    api.remove.mockResolvedValueOnce(undefined);
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('delete');
    expect(modal().findHeader()!.getElement().textContent).toBe('Delete Application');
    expect(modal().findContent().getElement().textContent).toContain('BLD-000101');
    await act(async () => footerButton('Delete').click());
    expect(api.remove).toHaveBeenCalledWith('101');
    expect(await toast('Application deleted')).not.toHaveLength(0);
    await waitFor(() => expect(document.querySelector('li[aria-hidden="true"]')).not.toBeNull());
  });

  it('a failure shows the spec message and the card stays', async () => {
    api.remove.mockRejectedValueOnce(new Error('no'));
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('delete');
    await act(async () => footerButton('Delete').click());
    expect(await toast('Fail to delete application')).not.toHaveLength(0);
    expect(document.querySelector('li[aria-hidden="true"]')).toBeNull();
  });

  it('a template reads Delete Template', async () => {
    renderPage(
      i18n,
      <ApplicationCards label="Cards" items={[listItem({ recordType: 'Template', name: 'Villa' })]} />,
    );
    await choose('delete');
    expect(modal().findHeader()!.getElement().textContent).toBe('Delete Template');
    expect(modal().findContent().getElement().textContent).toContain('Villa');
  });
});

describe('Duplicate application', () => {
  it("confirm label 'Duplicate' continues on the address page from the existing application", async () => {
    const { router } = renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('duplicate');
    expect(modal().findHeader()!.getElement().textContent).toBe('Duplicate application');
    await act(async () => footerButton('Duplicate').click());
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/new-application/address?intention=from-existing-application&refApplicationId=101',
    );
  });
});

function application(participants: Record<string, unknown>[]): GetApplicationResponse {
  const {
    currentStatusLabel: _a,
    hasChildApplications: _b,
    isArchived: _c,
    isEditable: _d,
    isMigrated: _e,
    isDeletable: _f,
    displayStages: _g,
    ...dto
  } = listItem();
  return {
    application: { ...dto, participants },
    requiredDocuments: [],
    requiredInspections: [],
    template: null,
  };
}

describe('Set notification level', () => {
  it("finds the caller's participant by loginUserId", () => {
    const response = application([
      { id: 'p-9', loginUserId: 'someone-else', notificationLevel: 'Muted' },
      { id: 'p-1', loginUserId: user.id, notificationLevel: 'Watching' },
    ]);
    expect(callerSubscription(response, user.id)).toEqual({ participantId: 'p-1', level: 'Watching' });
    expect(callerSubscription(application([{ id: 'p-9', loginUserId: 'x' }]), user.id)).toBeUndefined();
  });

  it('saves the chosen level for the participant and shows the spec messages', async () => {
    api.get.mockResolvedValue(
      application([{ id: 'p-1', loginUserId: user.id, notificationLevel: 'Normal' }]),
    );
    api.setNotificationLevel.mockResolvedValueOnce(undefined);
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('notificationLevel');
    const radios = await waitFor(() => {
      const group = inModal().findRadioGroup();
      if (!group) throw new Error('not loaded');
      return group;
    });
    expect(radios.findInputByValue('Normal')!.getElement().checked).toBe(true);
    expect(footerButton('Save').disabled).toBe(true);
    await act(async () => radios.findInputByValue('Muted')!.getElement().click());
    await act(async () => footerButton('Save').click());
    expect(api.setNotificationLevel).toHaveBeenCalledWith('101', 'p-1', 'Muted');
    expect(await toast('Notification subscription level has been updated')).not.toHaveLength(0);
  });

  it("a failure shows 'Failed to update notification subscription level'", async () => {
    api.get.mockResolvedValue(application([{ id: 'p-1', loginUserId: user.id }]));
    api.setNotificationLevel.mockRejectedValueOnce(new Error('no'));
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem({ notificationLevel: 'Normal' })]} />);
    await choose('notificationLevel');
    const radios = await waitFor(() => {
      const group = inModal().findRadioGroup();
      if (!group) throw new Error('not loaded');
      return group;
    });
    await act(async () => radios.findInputByValue('Watching')!.getElement().click());
    await act(async () => footerButton('Save').click());
    expect(await toast('Failed to update notification subscription level')).not.toHaveLength(0);
  });
});

describe('Save a new template: rules', () => {
  const ctx = { applicationId: '101', submitting: false, thumbnailError: false };
  const values = { name: '', description: '', thumbnail: undefined };
  it('name required; Save disabled unchanged, invalid, submitting or without an application id', () => {
    expect(templateFormState(values, ctx)).toMatchObject({ canSave: false, nameError: 'Required' });
    expect(templateFormState({ ...values, description: 'x' }, ctx).canSave).toBe(false);
    expect(templateFormState({ ...values, name: '   ' }, ctx).canSave).toBe(false);
    expect(templateFormState({ ...values, name: 'Villa' }, ctx).canSave).toBe(true);
    expect(templateFormState({ ...values, name: 'Villa' }, { ...ctx, submitting: true }).canSave).toBe(false);
    expect(
      templateFormState({ ...values, name: 'Villa' }, { ...ctx, applicationId: undefined }).canSave,
    ).toBe(false);
    expect(templateFormState({ ...values, name: 'Villa' }, { ...ctx, thumbnailError: true }).canSave).toBe(
      false,
    );
  });

  it('thumbnails: JPG, JPEG, PNG, GIF, one file, at most 26214400 bytes; scaled to fit 250 x 150', () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(thumbnailProblem([file('a.png', 'image/png')])).toBeUndefined();
    expect(thumbnailProblem([file('a.JPEG', 'image/jpeg')])).toBeUndefined();
    expect(thumbnailProblem([file('a.gif', 'image/gif')])).toBeUndefined();
    expect(thumbnailProblem([file('a.pdf', 'application/pdf')])).toEqual({ problem: 'type', name: 'a.pdf' });
    expect(thumbnailProblem([file('a.png', 'image/png'), file('b.png', 'image/png')])?.problem).toBe('count');
    const big = file('big.png', 'image/png');
    Object.defineProperty(big, 'size', { value: 26214401 });
    expect(thumbnailProblem([big])).toEqual({ problem: 'size', name: 'big.png' });
    expect(fitThumbnail(1000, 300)).toEqual({ width: 250, height: 75 });
    expect(fitThumbnail(300, 600)).toEqual({ width: 75, height: 150 });
    expect(fitThumbnail(100, 50)).toEqual({ width: 100, height: 50 });
    expect(thumbnailName('house front.PNG')).toBe('house front.jpg');
    expect(thumbnailContentType(file('a.png', 'image/png'))).toBe('image/png');
    expect(thumbnailContentType(file('a.GIF', ''))).toBe('image/gif');
    expect(thumbnailContentType(file('a.jpeg', ''))).toBe('image/jpeg');
  });
});

describe('Save a new template: dialog', () => {
  it('uploads the chosen image with a presigned PUT (progress shown), then sends CreateTemplate naming its key', async () => {
    const chosen = new File([new Uint8Array(20)], 'front.png', { type: 'image/png' });
    scale.mockResolvedValueOnce({ dataUrl: 'data:image/jpeg;base64,AAAA', name: 'front.jpg', file: chosen });
    const key = 'thumbnails/u-1/0f0e0d0c-0b0a-4908-8706-050403020100';
    api.thumbnailUpload.mockResolvedValueOnce({
      key,
      presignedUrl: 'https://uploads.example/put',
      expiresAt: '2026-01-01T00:00:00.000Z',
    });
    let finish = () => {};
    put.mockImplementationOnce(async (_url, _file, options) => {
      options.onProgress?.(0.4);
      await new Promise<void>((resolve) => (finish = resolve));
    });
    api.create.mockResolvedValueOnce({ id: '900', application: {} as never });
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('saveAsTemplate');
    expect(modal().findHeader()!.getElement().textContent).toBe('Save a new template');
    expect(footerButton('Save').disabled).toBe(true);
    const name = inModal().findInput()!;
    await act(async () => name.focus());
    await act(async () => name.blur());
    expect(inModal().findFormField()!.findError()!.getElement().textContent).toBe('Required');
    await act(async () => name.setInputValue('Villa'));
    await act(async () => inModal().findTextarea()!.setTextareaValue('  Three bedrooms  '));
    const native = inModal().findFileInput()!.findNativeInput().getElement();
    Object.defineProperty(native, 'files', { value: [chosen], configurable: true });
    await act(async () => native.dispatchEvent(new Event('change', { bubbles: true })));
    await waitFor(() =>
      expect(modal().getElement().querySelector('img')?.getAttribute('src')).toBe(
        'data:image/jpeg;base64,AAAA',
      ),
    );
    await act(async () => footerButton('Save').click());
    expect(api.thumbnailUpload).toHaveBeenCalledWith({ contentType: 'image/png', contentLength: 20 });
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]!.slice(0, 2)).toEqual(['https://uploads.example/put', chosen]);
    expect(put.mock.calls[0]![2]).toMatchObject({ contentType: 'image/png' });
    const bar = await waitFor(() => createWrapper(modal().getElement()).findProgressBar()!);
    expect(bar.findPercentageText()!.getElement().textContent).toBe('40%');
    expect(api.create).not.toHaveBeenCalled();
    await act(async () => finish());
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        operationName: 'CreateTemplate',
        recordType: 'Template',
        applicationId: '101',
        templateName: 'Villa',
        templateDescription: 'Three bedrooms',
        templateThumbnail: key,
        templateThumbnailName: 'front.jpg',
      }),
    );
    expect(
      await toast('A new template has been created based on your selected application'),
    ).not.toHaveLength(0);
  });

  it("a failure shows 'Fail to create template'; a wrong file type is refused", async () => {
    api.create.mockRejectedValueOnce(new Error('no'));
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    await choose('saveAsTemplate');
    const native = inModal().findFileInput()!.findNativeInput().getElement();
    Object.defineProperty(native, 'files', {
      value: [new File([new Uint8Array(20)], 'plan.pdf', { type: 'application/pdf' })],
      configurable: true,
    });
    await act(async () => native.dispatchEvent(new Event('change', { bubbles: true })));
    expect(
      await screen.findByText(
        'File "plan.pdf" is not acceptable, we only accept JPG, JPEG, PNG or GIF files.',
      ),
    ).toBeTruthy();
    expect(scale).not.toHaveBeenCalled();
    await act(async () => inModal().findInput()!.setInputValue('Villa'));
    expect(footerButton('Save').disabled).toBe(true);
    await act(async () => footerButton('Remove image').click());
    expect(footerButton('Save').disabled).toBe(false);
    await act(async () => footerButton('Save').click());
    expect(await toast('Fail to create template')).not.toHaveLength(0);
  });
});
