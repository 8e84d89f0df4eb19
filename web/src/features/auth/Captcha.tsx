import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import Argon2idWorker from 'altcha/workers/argon2id?worker';
import ScryptWorker from 'altcha/workers/scrypt?worker';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaChallengeUrl } from '../../api/accounts';
import styles from './captcha.module.css';

/*
 * ALTCHA, self-hosted: the challenge comes from our own API (GET /public/captcha/challenge) and the
 * payload is verified by the registration handler. The "external" build has no inline workers or
 * styles; each proof-of-work worker is its own file from our origin (Vite `?worker`), so the
 * deployed CSP needs no blob: or remote script (worker-src 'self').
 */
const algorithms: [string, () => Worker][] = [
  ['SHA-256', () => new ShaWorker()],
  ['SHA-384', () => new ShaWorker()],
  ['SHA-512', () => new ShaWorker()],
  ['PBKDF2/SHA-256', () => new Pbkdf2Worker()],
  ['PBKDF2/SHA-384', () => new Pbkdf2Worker()],
  ['PBKDF2/SHA-512', () => new Pbkdf2Worker()],
  ['ARGON2ID', () => new Argon2idWorker()],
  ['SCRYPT', () => new ScryptWorker()],
];
for (const [name, create] of algorithms) {
  if (!globalThis.$altcha.algorithms.has(name)) globalThis.$altcha.algorithms.set(name, create);
}

interface WidgetEventDetail {
  state?: string;
  payload?: string;
}

/**
 * The captcha widget. `onChange` gets the payload once verified, and '' whenever it is not (reset,
 * expired, failed).
 */
export function Captcha({
  onChange,
  resetKey,
  invalid,
}: {
  onChange: (payload: string) => void;
  /** Changing it resets the widget (e.g. after the server refused the payload). */
  resetKey?: number;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement & { reset?: () => void; verify?: () => Promise<unknown> }>(null);
  const state = useRef<string>('unverified');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    globalThis.$altcha.i18n.set('en', {
      ariaLinkLabel: t('accountPages.captchaWidget.label'),
      enterCode: t('accountPages.captchaWidget.enterCode'),
      enterCodeAria: t('accountPages.captchaWidget.enterCode'),
      error: t('accountPages.captchaWidget.error'),
      expired: t('accountPages.captchaWidget.expired'),
      footer: '',
      getAudioChallenge: t('accountPages.captchaWidget.audio'),
      label: t('accountPages.captchaWidget.label'),
      loading: t('accountPages.captchaWidget.loading'),
      reload: t('accountPages.captchaWidget.reload'),
      verify: t('accountPages.captchaWidget.verify'),
      verificationRequired: t('auth.validation.captcha'),
      verified: t('accountPages.captchaWidget.verified'),
      verifying: t('accountPages.captchaWidget.verifying'),
      waitAlert: t('accountPages.captchaWidget.verifying'),
    });
  }, [t]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<WidgetEventDetail>).detail;
      state.current = detail?.state ?? state.current;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : '');
    };
    const onVerified = (event: Event) => {
      onChangeRef.current((event as CustomEvent<WidgetEventDetail>).detail?.payload ?? '');
    };
    const onExpired = () => onChangeRef.current('');
    element.addEventListener('statechange', onState);
    element.addEventListener('verified', onVerified);
    element.addEventListener('expired', onExpired);
    return () => {
      element.removeEventListener('statechange', onState);
      element.removeEventListener('verified', onVerified);
      element.removeEventListener('expired', onExpired);
    };
  }, []);

  useEffect(() => {
    if (resetKey) {
      ref.current?.reset?.();
      onChangeRef.current('');
    }
  }, [resetKey]);

  // The whole box is the control: a click anywhere on it (not only on the checkbox or its words)
  // starts the check. The checkbox and its label keep their own handling.
  const onBoxClick = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, label, button, a')) return;
    if (state.current === 'unverified' || state.current === 'error' || state.current === 'expired')
      void ref.current?.verify?.();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer shortcut only: the checkbox inside stays the keyboard's control
    <div className={invalid ? `${styles.captcha} ${styles.invalid}` : styles.captcha} onClick={onBoxClick}>
      <altcha-widget
        ref={ref}
        challenge={captchaChallengeUrl()}
        name="captchaToken"
        language="en"
        configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
      />
    </div>
  );
}
