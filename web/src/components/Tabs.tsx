import { useEffect, useRef } from 'react';
import CloudscapeTabs, { type TabsProps } from '@cloudscape-design/components/tabs';
import { useTranslation } from 'react-i18next';

/**
 * Cloudscape's Tabs with names for its scroll buttons: when the tabs do not fit (a phone) it shows
 * a left and a right button that are unnamed without these strings (axe button-name, WCAG 4.1.2).
 * The selected tab is scrolled into view (docs/features.md): on a phone the tab a link opened
 * (?section=Payments) would otherwise sit off to the right of the tab bar, out of sight.
 */
export default function Tabs(props: TabsProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selected = root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    // Only the tab bar scrolls sideways; the page does not move (nearest, both ways).
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [props.activeTabId]);
  return (
    <div ref={root}>
      <CloudscapeTabs
        {...props}
        i18nStrings={{
          scrollLeftAriaLabel: t('app.tabs.scrollLeft'),
          scrollRightAriaLabel: t('app.tabs.scrollRight'),
          ...props.i18nStrings,
        }}
      />
    </div>
  );
}
