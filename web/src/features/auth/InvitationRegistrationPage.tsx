import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lookupInvitation, registerInvited } from '../../api/accounts';
import { useAuth } from './AuthProvider';
import { QueryRoot } from '../../lib/queryClient';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { lookupInvitationCode, registerWithInvitation } from './flows';
import { invitationCodeFromHash, isLegacyInvitationLink } from './invitationLink';
import { invitationFormState, randomId, type InvitationValues } from './forms';
import { useMessages } from './useMessages';

export const invitationQueryKey = (code: string) => ['public', 'invitation', code] as const;

/**
 * `/registration-via-invitation#code=<secret>`: the invitation's email (read-only), a password and
 * the acknowledgement → POST /public/user/registration/invited → automatic sign-in → `/`. The code
 * is read from the URL's fragment and sent only in POST bodies (./invitationLink.ts). Without a code
 * the route guard (routes/signedOut.tsx) goes to `/`; an old mail's `?code=` link arrives here as
 * router state (the URL already replaced) and is told the code is not valid. The lookup is a query
 * of its own cache (the signed-out app has none: ../../lib/queryClient.tsx).
 */
export default function InvitationRegistrationPage() {
  const { hash, state } = useLocation();
  if (isLegacyInvitationLink(state)) return <LegacyInvitationLink />;
  const code = invitationCodeFromHash(hash) ?? '';
  if (!code) return <Navigate to="/" replace />;
  return (
    <QueryRoot>
      <InvitationRegistration code={code} />
    </QueryRoot>
  );
}

/** An old mail's link: its code (the invitation's id) no longer registers anyone. */
function LegacyInvitationLink() {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      <Container>
        <SpaceBetween size="l">
          <Box variant="h1" fontSize="heading-l">
            {t('accountPages.invitation.title')}
          </Box>
          <Alert type="error" statusIconAriaLabel={t('shell.error')}>
            {t('accountPages.invitation.invalid')}
          </Alert>
          <Box variant="p">{t('accountPages.invitation.oldLink')}</Box>
          <RouterLink href="/">{t('accountPages.invitation.backToLogin')}</RouterLink>
        </SpaceBetween>
      </Container>
    </div>
  );
}

function InvitationRegistration({ code }: { code: string }) {
  const { t } = useTranslation();
  const lookup = useQuery({
    queryKey: invitationQueryKey(code),
    queryFn: () => lookupInvitationCode((invitationCode) => lookupInvitation(invitationCode), code),
    retry: false,
    staleTime: Infinity,
  });

  return (
    <div className={styles.form}>
      <Container>
        <SpaceBetween size="l">
          <Box variant="h1" fontSize="heading-l">
            {t('accountPages.invitation.title')}
          </Box>
          {lookup.isPending ? (
            <StatusIndicator type="loading">{t('accountPages.invitation.checking')}</StatusIndicator>
          ) : lookup.data?.kind === 'ready' ? (
            <InvitationForm code={code} email={lookup.data.email} />
          ) : (
            <SpaceBetween size="m">
              <Alert type="error" statusIconAriaLabel={t('shell.error')}>
                {lookup.data?.kind === 'invalid'
                  ? t('accountPages.invitation.invalid')
                  : t('accountPages.invitation.lookupFailed')}
              </Alert>
              <RouterLink href="/">{t('accountPages.invitation.backToLogin')}</RouterLink>
            </SpaceBetween>
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}

function InvitationForm({ code, email }: { code: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const messages = useMessages();
  const [ackId] = useState(() => randomId());
  const [values, setValues] = useState<InvitationValues>({ password: '', acknowledgement: false });
  const [touched, setTouched] = useState({ password: false, acknowledgement: false });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<'registerFailed' | 'signInFailed' | null>(null);
  const form = invitationFormState(values);
  const errorOf = (key: keyof InvitationValues) =>
    touched[key] ? messages.validation(form.errors[key]) : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submittable || submitting) return;
    setSubmitting(true);
    setFailure(null);
    const outcome = await registerWithInvitation(
      { registerInvited, signIn: auth.signIn },
      { code, email, password: values.password },
    );
    if (outcome.kind === 'signedIn') {
      void navigate('/', { replace: true });
      return;
    }
    setFailure(outcome.kind);
    setSubmitting(false);
  }

  if (failure === 'signInFailed') {
    return (
      <SpaceBetween size="m">
        <Alert type="info" statusIconAriaLabel={t('auth.status.info')}>
          {t('accountPages.invitation.signInFailed')}
        </Alert>
        <RouterLink href="/">{t('accountPages.invitation.backToLogin')}</RouterLink>
      </SpaceBetween>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t('accountPages.invitation.title')}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} disabled={!form.submittable}>
            {t('accountPages.invitation.submit')}
          </Button>
        }
        errorText={failure === 'registerFailed' ? t('accountPages.invitation.registerFailed') : undefined}
        errorIconAriaLabel={t('shell.error')}
      >
        <SpaceBetween size="l">
          <Box variant="p">{t('accountPages.invitation.intro')}</Box>
          <FormField label={t('accountPages.invitation.email')}>
            <Input type="email" value={email} readOnly autoComplete="username" onChange={() => {}} />
          </FormField>
          <FormField
            label={t('accountPages.invitation.password')}
            errorText={errorOf('password')}
            constraintText={t('accountPages.registration.passwordHint')}
          >
            <Input
              type="password"
              value={values.password}
              autoComplete="new-password"
              onChange={({ detail }) => setValues((v) => ({ ...v, password: detail.value }))}
              onBlur={() => setTouched((v) => ({ ...v, password: true }))}
              ariaRequired
              invalid={!!errorOf('password')}
            />
          </FormField>
          <FormField
            label={t('accountPages.registration.acknowledgementLabel')}
            errorText={errorOf('acknowledgement')}
          >
            <Checkbox
              controlId={ackId}
              checked={values.acknowledgement}
              onChange={({ detail }) => {
                setValues((v) => ({ ...v, acknowledgement: detail.checked }));
                setTouched((v) => ({ ...v, acknowledgement: true }));
              }}
              ariaRequired
            >
              {t('accountPages.invitation.acknowledgement')}
            </Checkbox>
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
