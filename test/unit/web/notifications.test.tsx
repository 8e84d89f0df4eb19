// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import { setConfigForTests } from '../../../web/src/lib/config';
import { NotificationBell } from '../../../web/src/features/notifications/NotificationBell';
import UserNotificationsPage from '../../../web/src/features/notifications/UserNotificationsPage';
import ApplicationNotificationsSection from '../../../web/src/features/notifications/ApplicationNotificationsSection';
import { EmailDigestSetting } from '../../../web/src/features/notifications/EmailDigestSetting';
import UnsubscribePage from '../../../web/src/features/notifications/UnsubscribePage';
import { notificationsApi } from '../../../web/src/api/notifications';
import { unsubscribeMessages } from '../../../shared/domain/notifications';
import {
  applicationLabel,
  hasNewOf,
  notificationHref,
  notificationMessages,
  pageSizeOf,
} from '../../../web/src/features/notifications/notificationView';
import type {
  EmailDigest,
  NotificationDto,
  NotificationUserProfile,
} from '../../../shared/schemas/notifications';
import type { ApplicationDto } from '../../../shared/schemas/applications';
import { TEST_CONFIG } from './config-support';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const note = (id: string, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  groupId: 'g',
  recipientId: 'u1',
  recipientType: 'User',
  createdDate: '2026-11-26T01:00:00.000Z',
  updatedDate: '2026-11-26T01:00:00.000Z',
  seen: false,
  message: { type: 'RFI', subtype: 'RfiRoundRaised', shortText: `The council asks for information (${id})` },
  recipients: {
    users: [{ id: 'u1', email: 'a@example.nz', fullName: 'Mere Tane' }],
    application: { id: '55', applicationNumber: 'BLD-55', address: '12 Tinakori Road' },
  },
  apiVersion: '1',
  ...over,
});

/** The caller's notification profile as GET and PATCH .../user/profile answer it. */
const userProfile = (over: Partial<NotificationUserProfile> = {}): NotificationUserProfile => ({
  id: 'u1',
  username: 'u1',
  createdTime: '2026-11-20T00:00:00.000Z',
  updatedTime: '2026-11-20T00:00:00.000Z',
  hasNewNotifications: false,
  emailDigest: 'immediate',
  apiVersion: '1',
  ...over,
});

const BASE = '/v1/service/notifications';
let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
  setConfigForTests({ ...TEST_CONFIG, flags: { notifications: true } });
});
afterEach(() => {
  cleanup();
  setConfigForTests(undefined);
});

describe('the notification rules of the pages', () => {
  it('7 first, then 20 a page; where each leads; what names its application', () => {
    expect([pageSizeOf(0), pageSizeOf(1), pageSizeOf(5)]).toEqual([7, 20, 20]);
    expect(notificationHref(note('a'))).toBe('/application-details/55?section=RFIs');
    expect(notificationHref(note('a', { message: { type: 'Payment', subtype: 'x', shortText: 'x' } }))).toBe(
      '/application-details/55?section=Payments',
    );
    expect(
      notificationHref(note('a', { message: { type: 'Application', subtype: 'x', shortText: 'x' } })),
    ).toBe('/application-details/55');
    expect(
      notificationHref({
        message: { type: 'Organisation', subtype: 'x', shortText: 'x' },
        recipients: { users: [] },
      }),
    ).toBe('/organisation-members');
    expect(applicationLabel(note('a'))).toBe('BLD-55 · 12 Tinakori Road');
    expect(hasNewOf({ hasNewNotifications: true })).toBe(true);
    expect(hasNewOf({ hasNewNotifications: 'yes' })).toBe(false);
    expect(hasNewOf(undefined)).toBe(false);
  });
});

describe('the bell', () => {
  it('shows a dot while something is new; opening it clears the dot and shows the newest 7', async () => {
    api.mockImplementation(async (path: string, o?: { method?: string }) => {
      if (path === `${BASE}/user/profile` && o?.method === 'PATCH') return userProfile();
      if (path === `${BASE}/user/profile`) return userProfile({ hasNewNotifications: true });
      if (path === BASE) return { notifications: [note('a'), note('b', { seen: true })], lastKey: 'k' };
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    renderPage(i18n, <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications: something new' });
    fireEvent.click(bell);
    const popup = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(popup).findByText('The council asks for information (a)')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      BASE,
      expect.objectContaining({ query: expect.objectContaining({ pageSize: '7', recipientType: 'User' }) }),
    );
    expect(api).toHaveBeenCalledWith(`${BASE}/user/profile`, {
      method: 'PATCH',
      body: { hasNewNotifications: false },
    });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    // More pages come 20 at a time with the cursor.
    fireEvent.click(within(popup).getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith(
        BASE,
        expect.objectContaining({ query: expect.objectContaining({ pageSize: '20', lastKey: 'k' }) }),
      ),
    );
    // Escape closes it.
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not there when its flag is off', () => {
    setConfigForTests({ ...TEST_CONFIG, flags: {} });
    renderPage(i18n, <NotificationBell />);
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});

describe('/user-notifications', () => {
  it('lists them, opens one in full, and marks all as seen', async () => {
    api.mockImplementation(async (path: string, o?: { method?: string }) => {
      if (path === BASE) return { notifications: [note('a'), note('b')] };
      if (path === `${BASE}/a`)
        return note('a', {
          message: { ...note('a').message, fullText: 'Round 1 has 2 points.\nAnswer by 4 December.' },
        });
      if (path === `${BASE}/user/seen` && o?.method === 'PATCH') return undefined;
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    renderPage(i18n, <UserNotificationsPage />, { path: '/user-notifications' });
    fireEvent.click(await screen.findByRole('button', { name: 'The council asks for information (a)' }));
    expect(await screen.findByText(/Answer by 4 December/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe(
      '/application-details/55?section=RFIs',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    expect(await screen.findByText('Every notification is marked as seen.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(`${BASE}/user/seen`, { method: 'PATCH', body: {} });
  });

  it('a failed list shows the spec message; none says so', async () => {
    api.mockRejectedValue(new ServiceError('ServerError', 'x', 500));
    renderPage(i18n, <UserNotificationsPage />, { path: '/user-notifications' });
    expect((await screen.findAllByText(notificationMessages.fetchNotifications)).length).toBeGreaterThan(0);
    cleanup();
    api.mockReset();
    api.mockResolvedValue({ notifications: [] });
    renderPage(i18n, <UserNotificationsPage />, { path: '/user-notifications' });
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });
});

describe("the application's Notifications section", () => {
  it('reads the notifications about this application and names the level', async () => {
    api.mockResolvedValue({ notifications: [note('a')] });
    const app = {
      ...listItem({ id: '55', status: 'InProgress', recordType: 'Consent' }),
      notificationLevel: 'Watching',
    };
    renderPage(i18n, <ApplicationNotificationsSection app={app as unknown as ApplicationDto} />);
    expect(await screen.findByRole('link', { name: 'The council asks for information (a)' })).toBeTruthy();
    expect(screen.getByText(/Watching \(everything\)/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith(
      BASE,
      expect.objectContaining({
        query: expect.objectContaining({ recipientType: 'Application', recipientId: '55' }),
      }),
    );
  });
});

describe('the email digest setting', () => {
  const profile = (emailDigest: EmailDigest) => userProfile({ emailDigest });

  it('shows the current frequency and saves a new one when chosen', async () => {
    api.mockImplementation(async (path: string, o?: { method?: string; body?: unknown }) =>
      o?.method === 'PATCH'
        ? profile((o.body as { emailDigest: EmailDigest }).emailDigest)
        : profile('immediate'),
    );
    renderPage(i18n, <EmailDigestSetting />);
    const immediate = await screen.findByRole('radio', { name: 'An email for each notification' });
    expect((immediate as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'One summary email a day' }));
    expect(await screen.findByText('Your email frequency is saved.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(`${BASE}/user/profile`, {
      method: 'PATCH',
      body: { emailDigest: 'daily' },
    });
    expect((screen.getByRole('radio', { name: 'One summary email a day' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("a profile that cannot be read, or saved, shows the spec's message", async () => {
    api.mockRejectedValue(new ServiceError('ServerError', 'x', 500));
    renderPage(i18n, <EmailDigestSetting />);
    expect(await screen.findByText(notificationMessages.fetchProfile)).toBeTruthy();
    cleanup();
    api.mockReset();
    api.mockImplementation(async (_path: string, o?: { method?: string }) => {
      if (o?.method === 'PATCH') throw new ServiceError('ServerError', 'x', 500);
      return profile('hourly');
    });
    renderPage(i18n, <EmailDigestSetting />);
    fireEvent.click(await screen.findByRole('radio', { name: 'One summary email a day' }));
    expect(await screen.findByText(notificationMessages.updateProfile)).toBeTruthy();
  });
});

describe('with the notifications flag off (docs/notifications.md)', () => {
  it('the calls raise "Not implemented"; the page and the section say notifications are off; no digest setting', async () => {
    setConfigForTests({ ...TEST_CONFIG, flags: {} });
    await expect(notificationsApi.page({ kind: 'user' }, 7)).rejects.toThrow('Not implemented');
    await expect(notificationsApi.profile()).rejects.toThrow('Not implemented');
    await expect(notificationsApi.markAllSeen()).rejects.toThrow('Not implemented');
    renderPage(i18n, <UserNotificationsPage />, { path: '/user-notifications' });
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText(/Notifications are not turned on for this portal\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as seen' })).toBeNull();
    cleanup();
    const app = listItem({ id: '55', status: 'InProgress', recordType: 'Consent' });
    renderPage(i18n, <ApplicationNotificationsSection app={app as unknown as ApplicationDto} />);
    expect(screen.getByText(/Notifications are not turned on for this portal\./)).toBeTruthy();
    cleanup();
    renderPage(i18n, <EmailDigestSetting />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});

describe('/unsubscribe', () => {
  // The token in the fragment (docs/notifications.md): no server log keeps it.
  const where = { path: '/unsubscribe', url: '/unsubscribe#token=tok-1234567890abcdefghij' };
  beforeEach(() => sessionStorage.clear());

  it('changes nothing on opening; the button stops the emails without signing in', async () => {
    api.mockResolvedValue({ email: 'm…@example.nz', emailPreference: false });
    const { router } = renderPage(i18n, <UnsubscribePage />, where);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop notification emails' })).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
    // The token left the address bar.
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/unsubscribe', hash: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop the emails' }));
    expect(await screen.findByText('Emails to m…@example.nz are stopped')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/public/notifications/unsubscribe', {
      method: 'POST',
      anonymous: true,
      body: { token: 'tok-1234567890abcdefghij' },
    });
  });

  it('a dead link, or none, says so', async () => {
    api.mockRejectedValue(new ServiceError('ResourceNotFound', unsubscribeMessages.linkInvalid, 404));
    renderPage(i18n, <UnsubscribePage />, where);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop the emails' }));
    expect(await screen.findByText(unsubscribeMessages.linkInvalid)).toBeTruthy();
    cleanup();
    sessionStorage.clear();
    renderPage(i18n, <UnsubscribePage />, { path: '/unsubscribe', url: '/unsubscribe' });
    expect(await screen.findByText(unsubscribeMessages.linkInvalid)).toBeTruthy();
  });

  it('a link mailed before (?token=) works once and is rewritten without it', async () => {
    api.mockResolvedValue({ email: 'm…@example.nz', emailPreference: false });
    const { router } = renderPage(i18n, <UnsubscribePage />, {
      path: '/unsubscribe',
      url: '/unsubscribe?token=old-1234567890abcdefghij',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop the emails' }));
    expect(await screen.findByText('Emails to m…@example.nz are stopped')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/public/notifications/unsubscribe', {
      method: 'POST',
      anonymous: true,
      body: { token: 'old-1234567890abcdefghij' },
    });
  });
});
