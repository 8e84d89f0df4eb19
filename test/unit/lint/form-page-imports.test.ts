import { describe, expect, it } from 'vitest';
import { packagesReached } from './static-imports';

/**
 * What an application's form page loads before its step draws (docs/performance.md, "The form
 * page"): the page's frame is plain markup, as the dashboard's, so it lays out nothing of Cloudscape's
 * on a phone's CPU; Cloudscape comes with the step's renderer, and of it only the controls every
 * definition draws: the date picker, the datagrid's editor and the tooltip's popover load with the
 * definitions that have them (features/application-form/formioParts.tsx).
 */
const cloudscapeOf = (entries: string[]) =>
  [...packagesReached(entries)]
    .filter(([p]) => p.startsWith('@cloudscape-design/components/'))
    .map(([p, file]) => `${p} (from ${file})`);

describe('the form page', () => {
  it('draws its frame without any Cloudscape component', () => {
    expect(cloudscapeOf(['web/src/features/application-form/ApplicationFormPage.tsx'])).toEqual([]);
  });

  it("draws a step's fields with Cloudscape's form controls, the others only when a definition has them", () => {
    const reached = cloudscapeOf(['web/src/features/application-form/FormioRenderer.tsx']);
    expect(reached.map((r) => r.split(' ')[0]).sort()).toEqual([
      '@cloudscape-design/components/checkbox',
      '@cloudscape-design/components/form-field',
      '@cloudscape-design/components/input',
      '@cloudscape-design/components/radio-group',
      '@cloudscape-design/components/select',
      '@cloudscape-design/components/textarea',
    ]);
  });
});
