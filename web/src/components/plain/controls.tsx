import { useId, type ReactNode } from 'react';
import { Link as RouterLinkBase } from 'react-router';
import styles from './plain.module.css';

/** Cloudscape's status icons, drawn inline (16 px, currentColor). */
function Icon({ name, label }: { name: 'error' | 'success' | 'warning' | 'external'; label?: string }) {
  const paths = {
    error: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.9 3h1.8v5H7.1V4Zm0 6.5h1.8v1.8H7.1v-1.8Z',
    success: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-1 10.2L3.8 8l1.3-1.3L7 8.6l3.9-3.9L12.2 6 7 11.2Z',
    warning: 'M8 1 .5 14.5h15L8 1Zm-.9 4.5h1.8v4.5H7.1V5.5Zm0 5.8h1.8v1.7H7.1v-1.7Z',
    external: 'M10 1h5v5h-1.6V3.7L8.6 8.5 7.5 7.4l4.8-4.8H10V1ZM1 3h5v1.6H2.6v8.8h8.8V10H13v5H1V3Z',
  };
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 16 16"
      fill="currentColor"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={paths[name]} />
    </svg>
  );
}

export function TextField(props: {
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  errorIconLabel: string;
  autoComplete?: string;
  inputMode?: 'email' | 'text' | 'numeric';
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className={styles.input}
        type={props.type}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        aria-required="true"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <div className={styles.error} id={errorId}>
          <Icon name="error" label={props.errorIconLabel} />
          <span>{props.error}</span>
        </div>
      ) : null}
    </div>
  );
}

/** The submit button; while `loading` it is busy and shows a spinner (as Cloudscape's). */
export function PrimaryButton({
  loading,
  disabled,
  children,
}: {
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={styles.primary}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The form's error, announced when it appears. */
export function FormError({ children, iconLabel }: { children?: ReactNode; iconLabel: string }) {
  return (
    <div role="alert" data-testid="form-error">
      {children ? (
        <div className={styles.formError}>
          <Icon name="error" label={iconLabel} />
          <span>{children}</span>
        </div>
      ) : null}
    </div>
  );
}

export function Notice({
  type,
  iconLabel,
  children,
}: {
  type: 'success' | 'warning' | 'error';
  iconLabel: string;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.notice} ${styles[type]}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon name={type} label={iconLabel} />
      <div>{children}</div>
    </div>
  );
}

export function ExternalLink({
  href,
  children,
  label,
}: {
  href: string;
  children: ReactNode;
  label: string;
}) {
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {children} <Icon name="external" label={label} />
    </a>
  );
}

export function PlainRouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <RouterLinkBase className={styles.link} to={to}>
      {children}
    </RouterLinkBase>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className={styles.spinnerPage}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{label}</span>
    </div>
  );
}

export { styles as plainStyles };
