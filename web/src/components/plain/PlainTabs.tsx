import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface PlainTab {
  id: string;
  label: ReactNode;
}

/**
 * Tabs as plain markup (WAI-ARIA tabs with automatic activation: arrows, Home and End move and
 * select, one Tab stop), drawn like Cloudscape's, for the dashboard's first load
 * (docs/performance.md). Only the active panel is rendered.
 */
export function PlainTabs({
  ariaLabel,
  tabs,
  activeTabId,
  onChange,
  children,
}: {
  ariaLabel: string;
  tabs: readonly PlainTab[];
  activeTabId: string;
  onChange(id: string): void;
  /** The active tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const active = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === activeTabId),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const index = next[event.key];
    if (index === undefined) return;
    event.preventDefault();
    onChange(tabs[index]!.id);
    refs.current[index]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={ariaLabel} className={styles.tablist}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`${base}-panel`}
            tabIndex={index === active ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${tabs[active]?.id ?? ''}`}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
