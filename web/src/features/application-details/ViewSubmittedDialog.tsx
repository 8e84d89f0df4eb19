import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import { applicationMessages, type EnabledStep } from '../../../../shared/schemas/applications';
import type { StepDto } from '../../../../shared/schemas/reference';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { formioQuery, jurisdictionQuery } from '../new-application/reference';
import {
  genericFields,
  readOnlyFields,
  SHOWN_STEP_TYPES,
  submittedDialogWidth,
  type ReadOnlyField,
} from './details';

const subscribeResize = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};
const viewportWidth = () => window.innerWidth;

function Fields({ fields }: { fields: ReadOnlyField[] }) {
  const { t } = useTranslation();
  if (fields.length === 0)
    return <Box color="text-body-secondary">{t('applicationDetails.dialog.noData')}</Box>;
  const values = fields.filter((f) => f.kind === 'value');
  const others = fields.filter((f) => f.kind !== 'value');
  return (
    <SpaceBetween size="m">
      {values.length > 0 && (
        <KeyValuePairs columns={2} items={values.map((f) => ({ label: f.label, value: f.value }))} />
      )}
      {others.map((f) =>
        f.kind === 'group' ? (
          <SpaceBetween key={f.key} size="xs">
            <Box variant="h4">{f.label}</Box>
            <Fields fields={f.fields} />
          </SpaceBetween>
        ) : f.kind === 'rows' ? (
          <SpaceBetween key={f.key} size="xs">
            <Box variant="h4">{f.label}</Box>
            {f.rows.length === 0 ? (
              <Box color="text-body-secondary">{t('applicationDetails.dialog.noRows')}</Box>
            ) : (
              f.rows.map((row, i) => (
                <Container key={i} variant="stacked">
                  <Fields fields={row} />
                </Container>
              ))
            )}
          </SpaceBetween>
        ) : null,
      )}
    </SpaceBetween>
  );
}

/** One step, read-only: its saved data with the Form.io labels (or its entries for other step types). */
function StepSection({
  applicationId,
  step,
  enabled,
}: {
  applicationId: string;
  step: StepDto;
  enabled: EnabledStep;
}) {
  const { t } = useTranslation();
  const data = useQuery({
    queryKey: applicationKeys.step(applicationId, step.id),
    queryFn: ({ signal }) => applicationsApi.step(applicationId, enabled.stepId, signal),
  });
  const definition = useQuery({ ...formioQuery(step.formioName ?? ''), enabled: !!step.formioName });
  const body =
    data.isPending || (step.formioName && definition.isPending) ? (
      <StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>
    ) : data.isError ? (
      <Alert type="error">{applicationMessages.stepNotFound}</Alert>
    ) : definition.isError ? (
      <Alert type="error">{definition.error.message}</Alert>
    ) : (
      <Fields
        fields={
          definition.data ? readOnlyFields(definition.data, data.data.data) : genericFields(data.data.data)
        }
      />
    );
  return (
    <ExpandableSection
      variant="container"
      headerText={step.displayName}
      defaultExpanded
      headingTagOverride="h4"
    >
      {body}
    </ExpandableSection>
  );
}

/**
 * The View submitted application dialog (docs/applications.md): read-only; a building consent header when
 * a parent consent exists; form, contact and document-upload steps as collapsible sections grouped
 * by breadcrumb; editing is locked. Width: min(1084 px, viewport − 64 px).
 */
export function ViewSubmittedDialog({
  applicationId,
  onClose,
}: {
  applicationId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const width = submittedDialogWidth(useSyncExternalStore(subscribeResize, viewportWidth, () => 1280));
  const id = applicationId ?? '';
  const open = applicationId !== undefined;
  const application = useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
    enabled: open,
  });
  const app = application.data?.application;
  const parentId = app?.parentApplicationId;
  const parent = useQuery({
    queryKey: applicationKeys.detail(parentId ?? ''),
    queryFn: ({ signal }) => applicationsApi.get(parentId!, signal),
    enabled: open && !!parentId,
  });
  const steps = useQuery({
    queryKey: applicationKeys.enabledSteps(id),
    queryFn: ({ signal }) => applicationsApi.enabledSteps(id, signal),
    enabled: open,
  });
  const jurisdiction = useQuery({ ...jurisdictionQuery(app?.jurisdictionId), enabled: open && !!app });
  const form = jurisdiction.data?.forms.find((f) => f.id === app?.formId);
  const enabled = new Map((steps.data ?? []).filter((s) => s.enabled).map((s) => [s.stepId, s]));
  const groups = (form?.breadcrumbs ?? [])
    .slice()
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((b) => ({
      breadcrumb: b,
      steps: b.steps
        .slice()
        .sort((x, y) => x.displayOrder - y.displayOrder)
        .filter((s) => (SHOWN_STEP_TYPES as readonly string[]).includes(s.type) && enabled.has(s.id)),
    }))
    .filter((g) => g.steps.length > 0);

  const parentApp = parent.data?.application;
  const loading = application.isPending || steps.isPending || jurisdiction.isPending;
  return (
    <Modal
      visible={open}
      onDismiss={onClose}
      width={width}
      header={app?.formDisplayName ?? t('applicationDetails.dialog.title')}
      closeAriaLabel={t('applicationDetails.dialog.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button disabled disabledReason={applicationMessages.lockedTooltip} iconName="lock-private">
              {applicationMessages.editingLocked}
            </Button>
            <Button variant="primary" onClick={onClose}>
              {t('applicationDetails.dialog.close')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {!open ? null : application.isError ? (
        <Alert type="error">{application.error.message}</Alert>
      ) : steps.isError ? (
        <Alert type="error">{applicationMessages.failedToFetchEnabledSteps}</Alert>
      ) : loading ? (
        <StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>
      ) : (
        <SpaceBetween size="l">
          {parentApp && (
            <Container header={<Header variant="h2">{t('applicationDetails.dialog.consentHeader')}</Header>}>
              <KeyValuePairs
                columns={3}
                items={[
                  {
                    label: t('applicationDetails.overview.address'),
                    value: fullAddressOf(parentApp.address) || '-',
                  },
                  {
                    label: t('applicationDetails.dialog.consentNumber'),
                    value: parentApp.consentNumber ?? parentApp.applicationNumber ?? parentApp.id,
                  },
                  {
                    label: t('applicationDetails.dialog.issuedBy'),
                    value: parentApp.authorityDisplayName ?? parentApp.authorityId,
                  },
                ]}
              />
            </Container>
          )}
          {groups.length === 0 ? (
            <Box color="text-body-secondary">{t('applicationDetails.dialog.noSteps')}</Box>
          ) : (
            groups.map((g) => (
              <SpaceBetween key={g.breadcrumb.id} size="s">
                <Header variant="h3">{g.breadcrumb.displayName}</Header>
                {g.steps.map((s) => (
                  <StepSection key={s.id} applicationId={id} step={s} enabled={enabled.get(s.id)!} />
                ))}
              </SpaceBetween>
            ))
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
