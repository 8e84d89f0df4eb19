import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { PlainIcon, type PlainIconName } from './PlainIcon';
import styles from './menu.module.css';

export interface MenuItem {
  id: string;
  text: string;
  /** A link: in the app (followed by `onFollow`) or, with `external`, a new tab. */
  href?: string;
  external?: boolean;
  externalLabel?: string;
  disabled?: boolean;
  /** Why the item is disabled: shown under it and read with it. */
  disabledReason?: string;
}

interface MenuButtonProps {
  /**
   * "bar": icon, text and caret on the dark top bar (the text hidden below the sm breakpoint);
   * "icon": the ⋮ button of a card (needs `ariaLabel`), its menu placed over the page.
   */
  variant?: 'bar' | 'icon';
  /** The button's visible text ("bar"). */
  text?: string;
  ariaLabel?: string;
  icon?: PlainIconName;
  /** The button itself is disabled (e.g. while the card's change is being saved). */
  disabled?: boolean;
  /** Shown above the items (the user menu's name and email). */
  header?: ReactNode;
  items: readonly MenuItem[];
  onItemClick(id: string): void;
  /** An in-app link item was chosen (plain left click): navigate without a reload. */
  onFollow?(href: string): void;
}

/** Where a card's menu opens: under the button, right-aligned; above it near the viewport's bottom. */
function placeBelow(rect: DOMRect): CSSProperties {
  const right = Math.max(8, window.innerWidth - rect.right);
  return rect.bottom + 240 > window.innerHeight && rect.top > 240
    ? { right, bottom: window.innerHeight - rect.top + 4 }
    : { right, top: rect.bottom + 4 };
}

/**
 * A menu button (the top bar's menus, a card's ⋮ menu) (WAI-ARIA APG menu button): Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it and returns focus to
 * the button; Tab or a click outside closes it. Disabled items can be focused and say why.
 */
export function MenuButton({
  variant = 'bar',
  text,
  ariaLabel,
  icon = 'ellipsis',
  disabled,
  header,
  items,
  onItemClick,
  onFollow,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>();
  const [focusIndex, setFocusIndex] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: globalThis.MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // A card's menu is placed over the page: it closes when the page scrolls or resizes under it.
    const away = () => variant === 'icon' && setOpen(false);
    document.addEventListener('mousedown', outside);
    window.addEventListener('resize', away);
    window.addEventListener('scroll', away, true);
    return () => {
      document.removeEventListener('mousedown', outside);
      window.removeEventListener('resize', away);
      window.removeEventListener('scroll', away, true);
    };
  }, [open, variant]);

  const openAt = (index: number) => {
    if (variant === 'icon' && button.current) setPlace(placeBelow(button.current.getBoundingClientRect()));
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') openAt(0);
    else if (event.key === 'ArrowUp') openAt(items.length - 1);
    else return;
    event.preventDefault();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setFocusIndex(move);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (item: MenuItem, event: MouseEvent | KeyboardEvent) => {
    if (item.disabled) {
      event.preventDefault();
      return;
    }
    const plainClick = !('button' in event) || (event.button === 0 && !event.metaKey && !event.ctrlKey);
    if (item.href && !item.external && plainClick) {
      event.preventDefault();
      onFollow?.(item.href);
    }
    if (!item.href) onItemClick(item.id);
    close(!item.href);
  };

  return (
    <div className={styles.menu} ref={root}>
      <button
        ref={button}
        type="button"
        className={variant === 'bar' ? styles.barButton : styles.iconButton}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <PlainIcon name={icon} />
        {variant === 'bar' && (
          <>
            <span className={styles.barButtonText}>{text}</span>
            <PlainIcon name="caret-down" className={styles.caret} />
          </>
        )}
      </button>
      {open && (
        <div
          className={`${styles.menuPopup} ${variant === 'icon' ? styles.fixed : ''}`}
          style={variant === 'icon' ? place : undefined}
        >
          {header && <div className={styles.menuHeader}>{header}</div>}
          <ul id={`${id}-menu`} role="menu" aria-label={ariaLabel ?? text} onKeyDown={onMenuKey}>
            {items.map((item, index) => {
              const reasonId = item.disabledReason ? `${id}-${item.id}-reason` : undefined;
              const common = {
                ref: (el: HTMLElement | null) => {
                  itemRefs.current[index] = el;
                },
                role: 'menuitem',
                tabIndex: -1,
                className: styles.menuItem,
                'aria-disabled': item.disabled || undefined,
                'aria-describedby': item.disabled ? reasonId : undefined,
                onClick: (event: MouseEvent) => choose(item, event),
              };
              const content = (
                <>
                  <span>{item.text}</span>
                  {item.external && (
                    <span role="img" aria-label={item.externalLabel}>
                      <PlainIcon name="external" className={styles.menuIcon} />
                    </span>
                  )}
                  {item.disabled && item.disabledReason && (
                    <span id={reasonId} className={styles.menuReason}>
                      {item.disabledReason}
                    </span>
                  )}
                </>
              );
              return (
                <li key={item.id} role="none">
                  {item.href && !item.disabled ? (
                    <a
                      {...common}
                      href={item.href}
                      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {content}
                    </a>
                  ) : (
                    <button
                      {...common}
                      type="button"
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ') {
                          event.preventDefault();
                          choose(item, event);
                        }
                      }}
                    >
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
