import { describe, expect, it } from 'vitest';
import { navSection } from '../../../web/src/features/shell/navSection';

describe('side navigation: the section a page belongs to', () => {
  it('Dashboard only on the dashboard', () => {
    expect(navSection('/')).toBe('/');
  });

  it('the lists, a new application, the form and the details belong to Projects', () => {
    for (const path of [
      '/projects',
      '/applications',
      '/consents',
      '/new-application/address',
      '/application-form/1000004/step/2',
      '/application-details/1000004',
      '/application-submitted/1000004',
    ]) {
      expect(navSection(path), path).toBe('/projects');
    }
  });

  it('templates and contacts belong to Libraries; the members pages to Organisation', () => {
    expect(navSection('/application-templates')).toBe('/libraries');
    expect(navSection('/contacts')).toBe('/libraries');
    expect(navSection('/organisation-invitations')).toBe('/organisation-members');
  });

  it('the profile belongs to no section, so nothing is highlighted', () => {
    expect(navSection('/user-profile')).toBeUndefined();
    expect(navSection('/user-notifications')).toBeUndefined();
  });
});
