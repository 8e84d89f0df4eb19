import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useTranslation } from 'react-i18next';
import { EmailDigestSetting } from '../notifications/EmailDigestSetting';
import { DEFAULT_PHONE_COUNTRY_CODE, messages } from '../../../../shared/domain/validation';
import { changePassword, patchCurrentUser, type CurrentUser } from '../../api/user';
import { useToasts } from '../../components/toasts';
import { useCurrentUser, WithCurrentUser } from '../shell/useCurrentUser';
import { userKeys } from './queries';
import TwoStepSignIn from './TwoStepSignIn';
import AddressModeToggle from '../address/AddressModeToggle';
import AddressPicker from '../address/AddressPicker';
import ManualAddressFields from '../address/ManualAddressFields';
import { MANUAL_ADDRESS_FIELDS } from '../address/address';
import {
  NOTIFICATION_LEVELS,
  PHONE_COUNTRY_CODES,
  passwordFormState,
  preferenceValuesOf,
  preferencesFormState,
  profileFormState,
  profileValuesOf,
  type PasswordValues,
  type PreferenceValues,
  type ProfileField,
  type ProfileValues,
  withAddressMode,
} from './profileForm';

function useSaveUser(onSaved?: () => void) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCurrentUser,
    onSuccess: (user: CurrentUser) => {
      queryClient.setQueryData(userKeys.me(), user);
      toasts.show({ type: 'success', content: t('profile.saved') });
      onSaved?.();
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('profile.saveFailed'), content: error.message }),
  });
}

/**
 * Personal details: names, contact number with its country code, and an address picked from the
 * NZ Post lookup or entered manually.
 */
function PersonalDetails({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState(() => profileValuesOf(user));
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const form = profileFormState(values, initial);
  const save = useSaveUser();

  const set = (field: ProfileField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: ProfileField) => () => setTouched((s) => ({ ...s, [field]: true }));
  const error = (field: ProfileField) => {
    const message = touched[field] ? form.errors[field] : undefined;
    // A refused number says what is expected.
    if (field === 'contactNumber' && message === messages.contactNumber)
      return t(
        values.phoneCountryCode === DEFAULT_PHONE_COUNTRY_CODE
          ? 'profile.details.contactNumberNz'
          : 'profile.details.contactNumberOther',
      );
    return message;
  };
  const text = (field: ProfileField, label: string, props: { autoComplete?: string } = {}) => (
    <FormField label={label} errorText={error(field)}>
      <Input
        value={values[field]}
        onChange={({ detail }) => set(field)(detail.value)}
        onBlur={touch(field)}
        autoComplete={props.autoComplete ?? false}
        invalid={!!error(field)}
      />
    </FormField>
  );

  const phoneOptions = PHONE_COUNTRY_CODES.map((o) => ({ value: o.code, label: `${o.code} (${o.country})` }));
  const manual = values.lookupAddress === undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
        if (!form.submittable) return;
        const sent: ProfileValues = values;
        save.mutate(form.body, { onSuccess: () => setInitial(sent) });
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" disabled={!form.submittable} loading={save.isPending}>
            {t('profile.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2">{t('profile.details.title')}</Header>}>
          <SpaceBetween size="l">
            <ColumnLayout columns={2}>
              {text('firstName', t('profile.details.firstName'), { autoComplete: 'given-name' })}
              {text('lastName', t('profile.details.lastName'), { autoComplete: 'family-name' })}
            </ColumnLayout>
            <FormField label={t('profile.details.email')} description={t('profile.details.emailHint')}>
              <Input value={user.email} readOnly autoComplete="email" />
            </FormField>
            <Grid gridDefinition={[{ colspan: { default: 12, xs: 4 } }, { colspan: { default: 12, xs: 8 } }]}>
              <FormField label={t('profile.details.phoneCountryCode')}>
                <Select
                  selectedOption={phoneOptions.find((o) => o.value === values.phoneCountryCode) ?? null}
                  options={phoneOptions}
                  onChange={({ detail }) => set('phoneCountryCode')(detail.selectedOption.value ?? '')}
                  filteringType="auto"
                />
              </FormField>
              {text('contactNumber', t('profile.details.contactNumber'), { autoComplete: 'tel-national' })}
            </Grid>
            <Header
              variant="h3"
              description={t('profile.address.description')}
              actions={
                <AddressModeToggle
                  manual={manual}
                  onChange={(next) => setValues((v) => withAddressMode(v, next))}
                />
              }
            >
              {t('profile.address.title')}
            </Header>
            {manual ? (
              <ManualAddressFields
                required
                values={values}
                onChange={(field, value) => set(field)(value)}
                onBlur={(field) => touch(field)()}
                errors={Object.fromEntries(MANUAL_ADDRESS_FIELDS.map((field) => [field, error(field)]))}
              />
            ) : (
              <AddressPicker
                label={t('profile.address.search')}
                value={values.lookupAddress ?? null}
                onChange={(address) => setValues((v) => ({ ...v, lookupAddress: address }))}
              />
            )}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

/** Default application notification level and the email/sms/push preferences. */
function Preferences({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [initial, setInitial] = useState(() => preferenceValuesOf(user));
  const [values, setValues] = useState<PreferenceValues>(initial);
  const form = preferencesFormState(values, initial);
  const save = useSaveUser();
  const toggle = (field: 'emailPreference' | 'smsPreference' | 'pushPreference') => (
    <Toggle
      checked={values[field]}
      onChange={({ detail }) => setValues((v) => ({ ...v, [field]: detail.checked }))}
    >
      {t(`profile.preferences.${field}`)}
    </Toggle>
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.submittable) return;
        const sent = values;
        save.mutate(form.body, { onSuccess: () => setInitial(sent) });
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" disabled={!form.submittable} loading={save.isPending}>
            {t('profile.preferences.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2">{t('profile.preferences.title')}</Header>}>
          <SpaceBetween size="l">
            <FormField
              label={t('profile.preferences.level')}
              description={t('profile.preferences.levelDescription')}
            >
              <RadioGroup
                ariaLabel={t('profile.preferences.level')}
                value={values.defaultApplicationNotificationLevel}
                onChange={({ detail }) =>
                  setValues((v) => ({
                    ...v,
                    defaultApplicationNotificationLevel:
                      detail.value as PreferenceValues['defaultApplicationNotificationLevel'],
                  }))
                }
                items={NOTIFICATION_LEVELS.map((level) => ({
                  value: level,
                  label: t(`profile.preferences.levels.${level}`),
                  description: t(`profile.preferences.levelDescriptions.${level}`),
                }))}
              />
            </FormField>
            <FormField label={t('profile.preferences.channels')}>
              <SpaceBetween size="xs">
                {toggle('emailPreference')}
                {toggle('smsPreference')}
                {toggle('pushPreference')}
              </SpaceBetween>
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordValues = { previousPassword: '', proposedPassword: '' };

/** Change password: PUT /user/password with the current access token. */
function ChangePassword() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [touched, setTouched] = useState<Partial<Record<keyof PasswordValues, boolean>>>({});
  const form = passwordFormState(values);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setValues(EMPTY_PASSWORDS);
      setTouched({});
      toasts.show({ type: 'success', content: t('profile.password.changed') });
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('profile.password.changeFailed'), content: error.message }),
  });
  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => {
    const errorText = touched[name] ? form.errors[name] : undefined;
    return (
      <FormField label={label} errorText={errorText}>
        <Input
          type="password"
          value={values[name]}
          autoComplete={autoComplete}
          invalid={!!errorText}
          onChange={({ detail }) => setValues((v) => ({ ...v, [name]: detail.value }))}
          onBlur={() => setTouched((s) => ({ ...s, [name]: true }))}
        />
      </FormField>
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ previousPassword: true, proposedPassword: true });
        if (form.submittable) change.mutate(form.body);
      }}
    >
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            disabled={!form.submittable}
            loading={change.isPending}
          >
            {t('profile.password.submit')}
          </Button>
        }
      >
        <Container header={<Header variant="h2">{t('profile.password.title')}</Header>}>
          <ColumnLayout columns={2}>
            {field('previousPassword', t('profile.password.previous'), 'current-password')}
            {field('proposedPassword', t('profile.password.proposed'), 'new-password')}
          </ColumnLayout>
        </Container>
      </Form>
    </form>
  );
}

/** `/user-profile` (user menu → Profile). */
export default function UserProfilePage() {
  return (
    <WithCurrentUser>
      <UserProfile />
    </WithCurrentUser>
  );
}

function UserProfile() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('profile.description')}>
          {t('profile.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <PersonalDetails user={user} />
        <Preferences user={user} />
        <EmailDigestSetting />
        <ChangePassword />
        <TwoStepSignIn email={user.email} />
      </SpaceBetween>
    </ContentLayout>
  );
}
