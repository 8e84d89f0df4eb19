import CloudscapeTabs, { type TabsProps } from '@cloudscape-design/components/tabs';
import { useTranslation } from 'react-i18next';

/**
 * Cloudscape's Tabs with names for its scroll buttons: when the tabs do not fit (a phone) it shows
 * a left and a right button that are unnamed without these strings (axe button-name, WCAG 4.1.2).
 */
export default function Tabs(props: TabsProps) {
  const { t } = useTranslation();
  return (
    <CloudscapeTabs
      {...props}
      i18nStrings={{
        scrollLeftAriaLabel: t('app.tabs.scrollLeft'),
        scrollRightAriaLabel: t('app.tabs.scrollRight'),
        ...props.i18nStrings,
      }}
    />
  );
}
