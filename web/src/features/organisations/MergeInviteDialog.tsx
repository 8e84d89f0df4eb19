import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseEmail } from '../../../../shared/domain/validation';
import type { OrganisationLookupResponse } from '../../../../shared/schemas/organisations';
import { organisationKeys, organisationsApi } from '../../api/organisations';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { useMessages } from '../auth/useMessages';
import { mergeLookupFormState } from './organisationModel';
import { errorText } from './queries';

/**
 * Invite another organisation to merge into this one (docs/organisations.md): look it up by
 * its administrator's email (GET /user/organisation/lookup), check its name and that administrator
 * (the look-up names no one else, and is limited per user: its 429 shows the server's message),
 * then send the merge invitation (POST /user/organisation/merge-invitations).
 */
export function MergeInviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useMessages();
  const toasts = useToasts();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [found, setFound] = useState<{ email: string; organisation: OrganisationLookupResponse }>();
  const form = mergeLookupFormState({ email });
  const emailError = touched ? messages.validation(form.errors.email) : undefined;

  const lookup = useMutation({
    mutationFn: (address: string) => organisationsApi.lookup(address),
    onSuccess: (organisation, address) => setFound({ email: address, organisation }),
  });
  const send = useMutation({
    mutationFn: () =>
      organisationsApi.inviteMerge({
        inviteeOrganisationId: found!.organisation.id,
        inviteeAdminEmail: found!.email,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: organisationKeys.sentMergeInvitations() });
      toasts.show({
        type: 'success',
        content: t('organisation.merge.sent', { name: found!.organisation.displayName }),
      });
      onClose();
    },
    onError: (err) => toasts.show({ type: 'error', content: errorText(err, t('organisation.merge.failed')) }),
  });

  const onLookup = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (form.valid && !lookup.isPending) lookup.mutate(normaliseEmail(email));
  };

  return (
    <Modal
      visible
      onDismiss={() => !send.isPending && onClose()}
      header={t('organisation.merge.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={send.isPending}>
              {t('organisation.actions.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!found || found.email !== normaliseEmail(email)}
              loading={send.isPending}
              onClick={() => send.mutate()}
            >
              {t('organisation.merge.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('organisation.merge.intro')}</Box>
        <form onSubmit={onLookup} noValidate>
          <FormField
            label={t('organisation.merge.email')}
            errorText={emailError}
            secondaryControl={
              <Button formAction="submit" loading={lookup.isPending}>
                {t('organisation.merge.lookup')}
              </Button>
            }
          >
            <Input
              type="email"
              value={email}
              onChange={({ detail }) => {
                setEmail(detail.value);
                lookup.reset();
              }}
              onBlur={() => {
                setTouched(true);
                setEmail((v) => normaliseEmail(v));
              }}
            />
          </FormField>
        </form>
        {lookup.isError && (
          <Alert type="error">
            {isServiceError(lookup.error, 'ResourceNotFound')
              ? t('organisation.merge.notFound')
              : errorText(lookup.error, t('organisation.merge.lookupFailed'))}
          </Alert>
        )}
        {found && found.email === normaliseEmail(email) && (
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('organisation.merge.organisation'), value: found.organisation.displayName },
              {
                label: t('organisation.merge.administrators'),
                value: (
                  <SpaceBetween size="xxs">
                    {found.organisation.administrators.map((a) => (
                      <span key={a.email}>{t('organisation.merge.administrator', a)}</span>
                    ))}
                  </SpaceBetween>
                ),
              },
            ]}
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
