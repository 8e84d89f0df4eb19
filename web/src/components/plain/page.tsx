import { useId, type MouseEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainIcon, type PlainIconName } from './PlainIcon';
import styles from './page.module.css';

/*
 * The dashboard's building blocks as plain markup drawn like Cloudscape's visual refresh (page
 * header, container, alert, button, badge, status indicator, link), so the signed-in first load
 * does not download Cloudscape's components and their 270 KB of design-token CSS, nor lay them out
 * on a phone's CPU (docs/performance.md, step 20). Same roles and names as the Cloudscape parts they
 * replace.
 */

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The page's title (Cloudscape's ContentLayout with an h1 Header): with a description under it and
 * actions beside it (under it on a phone) when given.
 */
export function PageHeader({
  description,
  actions,
  children,
}: {
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.pageHeader}>
      <div className={styles.panelHeaderRow}>
        <div className={styles.panelTitle}>
          <h1 className={styles.h1}>{children}</h1>
          {description && <div className={styles.description}>{description}</div>}
        </div>
        {actions && <div className={styles.panelActions}>{actions}</div>}
      </div>
    </div>
  );
}

/** A vertical stack with Cloudscape's spacing steps (SpaceBetween). */
export function Stack({ size = 'l', children }: { size?: 's' | 'l'; children: ReactNode }) {
  return <div className={cx(styles.stack, size === 's' && styles.stackS)}>{children}</div>;
}

/** A container with an optional header: its heading (h2 or h3), description and actions. */
export function Panel({
  title,
  level = 2,
  description,
  actions,
  fitHeight,
  children,
}: {
  title?: ReactNode;
  level?: 2 | 3;
  description?: ReactNode;
  actions?: ReactNode;
  fitHeight?: boolean;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={cx(styles.panel, fitHeight && styles.fitHeight)}>
      {title !== undefined && (
        <div className={styles.panelHeader}>
          <div className={styles.panelTitle}>
            <Heading className={level === 2 ? styles.h2 : styles.h3}>{title}</Heading>
            {description && <div className={styles.description}>{description}</div>}
          </div>
          {actions && <div className={styles.panelActions}>{actions}</div>}
        </div>
      )}
      <div className={styles.panelBody}>{children}</div>
    </div>
  );
}

export type AlertType = 'info' | 'success' | 'warning' | 'error';
const ALERT_ICONS: Record<AlertType, PlainIconName> = {
  info: 'status-info',
  success: 'status-positive',
  warning: 'status-warning',
  error: 'status-negative',
};

/** An alert (a labelled group): icon, header, content, an action and a dismiss button when dismissible. */
export function PlainAlert({
  type,
  header,
  children,
  action,
  dismissLabel,
  onDismiss,
}: {
  type: AlertType;
  header?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** With onDismiss: the dismiss button's accessible name. */
  dismissLabel?: string;
  onDismiss?: () => void;
}) {
  const headerId = useId();
  return (
    <div
      className={cx(styles.alert, styles[type])}
      role="group"
      aria-labelledby={header ? headerId : undefined}
    >
      <PlainIcon name={ALERT_ICONS[type]} className={styles.alertIcon} />
      <div className={styles.alertMain}>
        <div className={styles.alertBody}>
          {header && (
            <div id={headerId} className={styles.alertHeader}>
              {header}
            </div>
          )}
          {children && <div className={styles.alertContent}>{children}</div>}
        </div>
        {action && <div className={styles.alertAction}>{action}</div>}
      </div>
      {onDismiss && (
        <button type="button" className={styles.iconButton} aria-label={dismissLabel} onClick={onDismiss}>
          <PlainIcon name="close" />
        </button>
      )}
    </div>
  );
}

/** A normal (secondary) button. */
export function PlainButton({
  children,
  onClick,
}: {
  children: ReactNode;
  onClick: MouseEventHandler<HTMLButtonElement>;
}) {
  return (
    <button type="button" className={styles.button} onClick={onClick}>
      {children}
    </button>
  );
}

export function Badge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}

export type StatusType = 'success' | 'error' | 'in-progress' | 'warning' | 'stopped' | 'pending';
const STATUS_ICONS: Record<StatusType, PlainIconName> = {
  success: 'status-positive',
  error: 'status-negative',
  'in-progress': 'status-in-progress',
  warning: 'status-warning',
  stopped: 'status-stopped',
  pending: 'status-pending',
};

/** A status indicator: coloured icon (an image named `iconLabel`, else decorative) and text. */
export function StatusText({
  type,
  colour,
  iconLabel,
  children,
}: {
  type: StatusType;
  /** In place of the type's own colour (in-progress and pending are both grey by default). */
  colour?: 'blue';
  iconLabel?: string;
  children: ReactNode;
}) {
  return (
    <span className={cx(styles.status, styles[`status-${colour ?? type}`])}>
      <PlainIcon name={STATUS_ICONS[type]} label={iconLabel} />
      <span>{children}</span>
    </span>
  );
}

/** A link that navigates client-side (modifier-clicks open a new tab, as any link). */
export function PlainLink({
  to,
  ariaLabel,
  variant,
  children,
}: {
  to: string;
  ariaLabel?: string;
  variant?: 'primary';
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={ariaLabel}
      className={cx(styles.link, variant === 'primary' && styles.primaryLink)}
    >
      {children}
    </Link>
  );
}

/** Text in the secondary colour; `small` for the small type. */
export function Secondary({ small, children }: { small?: boolean; children: ReactNode }) {
  return <span className={cx(styles.secondary, small && styles.small)}>{children}</span>;
}

/** A paragraph of body text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <p className={styles.p}>{children}</p>;
}
