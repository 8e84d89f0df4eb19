// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { subSectionTarget, useSubSection } from '../../../web/src/components/subSection';
import { applicationDetailsPath } from '../../../shared/domain/applications';
import { roundKey } from '../../../shared/domain/rfis';

// `?subSection=` of the application details page (core §2): the named part is scrolled to and focused.
afterEach(() => cleanup());

function Section({ subSection, loaded }: { subSection: string | undefined; loaded: boolean }) {
  useSubSection('RFIs', subSection);
  return (
    <main>
      <h1>Details</h1>
      {loaded &&
        ['Lodgement||1', 'Assessment|Building|1'].map((key) => (
          <section key={key} {...subSectionTarget(key)}>
            <h2>{key}</h2>
          </section>
        ))}
    </main>
  );
}

describe('?subSection=', () => {
  it('focuses the part it names once the section has drawn it, even when its data comes later', async () => {
    let load: () => void = () => undefined;
    function Later() {
      const [loaded, setLoaded] = useState(false);
      load = () => setLoaded(true);
      return <Section subSection="Assessment|Building|1" loaded={loaded} />;
    }
    render(<Later />);
    expect(document.activeElement).toBe(document.body);
    act(() => load());
    await screen.findByText('Assessment|Building|1');
    await act(async () => {
      await new Promise<void>((resolve) => queueMicrotask(resolve));
    });
    const target = screen.getByText('Assessment|Building|1').parentElement!;
    expect(document.activeElement).toBe(target);
    // Focusable by script only, out of the Tab order.
    expect(target.getAttribute('tabindex')).toBe('-1');
  });

  it('a name the section does not have, or none, leaves focus alone', () => {
    render(<Section subSection="Certificates||9" loaded />);
    expect(document.activeElement).toBe(document.body);
    cleanup();
    render(<Section subSection={undefined} loaded />);
    expect(document.activeElement).toBe(document.body);
  });

  it('links are built in one place, with the round key as the RFIs sub-section', () => {
    expect(applicationDetailsPath('55')).toBe('/application-details/55');
    expect(applicationDetailsPath('55', 'Payments')).toBe('/application-details/55?section=Payments');
    expect(
      applicationDetailsPath('55', 'RFIs', roundKey({ type: 'Consent', team: 'Building', round: 2 })),
    ).toBe('/application-details/55?section=RFIs&subSection=Consent%7CBuilding%7C2');
  });
});
