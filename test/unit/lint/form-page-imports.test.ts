import { describe, expect, it } from 'vitest';
import { packagesReached } from './static-imports';

/**
 * What an application's form page loads before its step draws (docs/performance.md, "The form
 * page"): the page's frame is plain markup, as the dashboard's, and so are the step's fields
 * (features/application-form/fields.tsx): nothing of Cloudscape's is laid out on a phone's CPU for a
 * step of text, numbers, selects, radios and checkboxes. The date picker, the datagrid's editor and the
 * tooltip's popover are Cloudscape's, loaded with the definitions that have them
 * (features/application-form/formioParts.tsx).
 */
const cloudscapeOf = (entries: string[]) =>
  [...packagesReached(entries)]
    .filter(([p]) => p.startsWith('@cloudscape-design/components/'))
    .map(([p, file]) => `${p} (from ${file})`);

describe('the form page', () => {
  it('draws its frame without any Cloudscape component', () => {
    expect(cloudscapeOf(['web/src/features/application-form/ApplicationFormPage.tsx'])).toEqual([]);
  });

  it("draws a step's fields without any Cloudscape component; the others load only when a definition has them", () => {
    expect(cloudscapeOf(['web/src/features/application-form/FormioRenderer.tsx'])).toEqual([]);
  });
});
