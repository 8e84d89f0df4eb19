import { useSubSection } from '../../components/subSection';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Tabs from '../../components/Tabs';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullAddressOf } from '../../../../shared/domain/address';
import {
  applicationHref,
  canEdit,
  initialStages,
  isConsent,
  stageChip,
  statusExplanation,
  statusLabel,
} from '../../../../shared/domain/applications';
import { followOnOffer } from '../../../../shared/domain/offers';
import { tabAttention } from '../../../../shared/domain/next-steps';
import {
  applicationMessages,
  type ActionItem,
  type ApplicationDto,
  type ApplicationListItem,
} from '../../../../shared/schemas/applications';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { useBreakpointUp } from '../../lib/breakpoints';
import { formatFullDate } from '../../lib/dates';
import { RouterLink } from '../../components/RouterLink';
import { useToasts } from '../../components/toasts';
import {
  APPLICATION_DETAILS_SECTIONS,
  resolveDetailsSection,
  type ApplicationDetailsSection,
} from '../../lib/urls/rules';
import { SaveTemplateDialog } from '../applications/dialogs/SaveTemplateDialog';
import AuthorityInfoCard from '../authority/AuthorityInfoCard';
import { jurisdictionQuery } from '../new-application/reference';
import { COUNCIL_REFRESH_MS, councilMayChange, numberOf } from './details';
import { ParticipantsSection } from '../participants/ParticipantsSection';
import { ViewSubmittedDialog } from './ViewSubmittedDialog';
import { StatutoryClockPanel } from './StatutoryClockPanel';
import { InspectionsSection } from './InspectionsSection';
import { ApplicationNumbers, numbersOf } from './ApplicationNumbers';
import { Token } from '../../components/Token';
import { ClosedNotice } from './ClosedNotice';
import { NextStepsPanel } from './NextStepsPanel';
import { useNextSteps } from './useNextSteps';
import { IssuedDocumentsPanel } from './IssuedDocumentsPanel';
import { SiteMap } from '../../components/site-map/SiteMap';
import { siteLocationOf } from '../../../../shared/domain/site-map';

// The Documents section is the documents feature's chunk (drag and drop, the PDF viewer on demand).
const DocumentsSection = lazy(() => import('../documents/DocumentsSection'));
// The RFIs section is the rfis feature's chunk.
const RfisSection = lazy(() => import('../rfis/RfisSection'));
// The Payments section is the payments feature's chunk.
const PaymentsSection = lazy(() => import('../payments/PaymentsSection'));
// The Notifications section is the notifications feature's chunk.
const NotificationsSection = lazy(() => import('../notifications/ApplicationNotificationsSection'));

function contactOf(app: ApplicationDto): string {
  const contact = app.participants.find((p) => p.id === app.primaryContactId) ?? undefined;
  if (!contact) return '-';
  const name = [contact.firstName, contact.lastName].filter((s) => typeof s === 'string' && s).join(' ');
  return name || (typeof contact.email === 'string' ? contact.email : '-');
}

const CHIP_COLOURS = { done: 'green', current: 'blue', stopped: 'red', notStarted: 'grey' } as const;

function Overview({ app, next }: { app: ApplicationDto; next: ReturnType<typeof useNextSteps> }) {
  const { t } = useTranslation();
  const jurisdiction = useQuery(jurisdictionQuery(app.jurisdictionId));
  const authority = jurisdiction.data?.authorities.find((a) => a.id === app.authorityId);
  const stages = app.workflowStages.length > 0 ? app.workflowStages : initialStages();
  const type = [app.complexity, app.complexityDescription].filter(Boolean).join(' – ');
  // One column on a phone: in two, a consent number (a token, never broken) runs out of its box.
  const summaryColumns = useBreakpointUp('sm') ? 3 : 1;
  return (
    <SpaceBetween size="l">
      {/* A granted application shows its consent first (docs/applications.md). */}
      <IssuedDocumentsPanel app={app} />
      <NextStepsPanel app={app} steps={next.steps} pending={next.pending} failed={next.failed} />
      <ClosedNotice app={app} />
      <Container header={<Header variant="h2">{t('applicationDetails.overview.summary')}</Header>}>
        <KeyValuePairs
          columns={summaryColumns}
          items={[
            { label: t('applicationDetails.overview.form'), value: app.formDisplayName ?? '-' },
            // Both numbers after the grant, each named (docs/applications.md).
            ...numbersOf(app).map((n) => ({
              label: t(`applicationDetails.overview.${n.key}`),
              value: <Token>{n.value}</Token>,
            })),
            { label: t('applicationDetails.overview.address'), value: fullAddressOf(app.address) || '-' },
            {
              label: t('applicationDetails.overview.modified'),
              value: formatFullDate(app.modifiedDate) || '-',
            },
            { label: t('applicationDetails.overview.contact'), value: contactOf(app) },
            { label: t('applicationDetails.overview.type'), value: type || '-' },
            {
              label: t('applicationDetails.overview.authority'),
              value: app.authorityDisplayName ?? app.authorityId,
            },
            {
              label: t('applicationDetails.overview.status'),
              value: (
                <SpaceBetween size="xxs">
                  <span>{app.applicationStatusLabel ?? statusLabel(app.status)}</span>
                  <Box color="text-body-secondary" fontSize="body-s">
                    {statusExplanation(app.status)}
                  </Box>
                </SpaceBetween>
              ),
            },
          ]}
        />
      </Container>
      <StatutoryClockPanel app={app} />
      <Container header={<Header variant="h2">{t('applicationDetails.overview.stages')}</Header>}>
        <ol aria-label={t('applicationDetails.overview.stages')} style={{ margin: 0, paddingLeft: 20 }}>
          {stages.map((stage) => (
            <li key={stage.stageName}>
              <SpaceBetween direction="horizontal" size="xs">
                <Box fontWeight="bold">{stage.stageDisplayName}</Box>
                <Badge color={CHIP_COLOURS[stageChip(stage, app, stages).tone]}>
                  {stageChip(stage, app, stages).text}
                </Badge>
              </SpaceBetween>
            </li>
          ))}
        </ol>
      </Container>
      {/* The site on a map, when its address has coordinates (docs/applications.md). */}
      {siteLocationOf(app.address) && (
        <Container header={<Header variant="h2">{t('applicationDetails.overview.site')}</Header>}>
          <SiteMap address={app.address} />
        </Container>
      )}
      {authority && <AuthorityInfoCard authority={authority} />}
    </SpaceBetween>
  );
}

function Applications({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [template, setTemplate] = useState<{ id: string; label: string } | undefined>(undefined);
  const children = useQuery({
    queryKey: applicationKeys.children(app.id),
    queryFn: ({ signal }) => applicationsApi.childApplications(app.id, signal),
  });
  const actions = useQuery({
    queryKey: applicationKeys.actionItems(app.id),
    queryFn: ({ signal }) => applicationsApi.actionItems(app.id, signal),
  });
  useEffect(() => {
    if (children.isError)
      toasts.show({ type: 'error', content: applicationMessages.failedToFetchChildApplications });
  }, [children.isError, toasts]);
  useEffect(() => {
    if (actions.isError)
      toasts.show({ type: 'error', content: applicationMessages.failedToFetchActionItems });
  }, [actions.isError, toasts]);
  const createChild = useMutation({
    mutationFn: (formId: string) => applicationsApi.createChild(app.id, formId),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      await navigate(`/application-form/${created.id}`);
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('newApplication.createFailed'), content: error.message }),
  });

  const act = (item: ActionItem) => {
    if (item.itemType === 'CreateChildApplication' && item.formId) createChild.mutate(item.formId);
    else if (item.itemType === 'SaveAsTemplate')
      setTemplate({ id: app.id, label: app.formDisplayName ?? numberOf(app) });
    else if (item.itemType === 'PrintRFIs') void navigate(`/application-rfis-pdf/${app.id}`);
    else if (item.url) window.open(item.url, item.target ?? '_blank', 'noopener,noreferrer');
  };
  const items = (actions.data ?? []).slice().sort((a, b) => a.displayOrder - b.displayOrder);
  // The server offers follow-on applications by the same rule; when it offers none, say why.
  const followOn = followOnOffer(app);

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('applicationDetails.applications.actions')}</Header>}>
        <SpaceBetween size="s">
          {!followOn.allowed && isConsent(app) && <Box color="text-body-secondary">{followOn.reason}</Box>}
          {actions.isPending ? (
            <StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>
          ) : actions.isError ? (
            <Alert type="error">{applicationMessages.failedToFetchActionItems}</Alert>
          ) : items.length === 0 ? (
            <Box color="text-body-secondary">{t('applicationDetails.applications.noActions')}</Box>
          ) : (
            <SpaceBetween direction="horizontal" size="xs">
              {items.map((item) => (
                <Button
                  key={`${item.itemType}-${item.formId ?? item.url ?? item.displayName}`}
                  onClick={() => act(item)}
                  loading={createChild.isPending && createChild.variables === item.formId}
                  disabled={createChild.isPending}
                >
                  {item.displayName}
                </Button>
              ))}
            </SpaceBetween>
          )}
        </SpaceBetween>
      </Container>
      {children.isError ? (
        <Alert type="error">{applicationMessages.failedToFetchChildApplications}</Alert>
      ) : (
        <Cards<ApplicationListItem>
          loading={children.isPending}
          loadingText={t('applicationDetails.loading')}
          items={children.data ?? []}
          trackBy="id"
          header={
            <Header variant="h2" counter={children.isSuccess ? `(${children.data.length})` : undefined}>
              {t('applicationDetails.applications.children')}
            </Header>
          }
          cardDefinition={{
            header: (child) => (
              <RouterLink href={applicationHref(child)} fontSize="heading-m">
                {child.formDisplayName ?? numberOf(child)}
              </RouterLink>
            ),
            sections: [
              {
                id: 'number',
                header: t('applicationDetails.applications.number'),
                content: (c) => numberOf(c),
              },
              {
                id: 'status',
                header: t('applicationDetails.applications.status'),
                content: (c) => c.currentStatusLabel,
              },
              {
                id: 'modified',
                header: t('applicationDetails.overview.modified'),
                content: (c) => formatFullDate(c.modifiedDate),
              },
            ],
          }}
          empty={<Box textAlign="center">{t('applicationDetails.applications.noChildren')}</Box>}
        />
      )}
      <SaveTemplateDialog target={template} onClose={() => setTemplate(undefined)} />
    </SpaceBetween>
  );
}

function Forms({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<string | undefined>(undefined);
  const children = useQuery({
    queryKey: applicationKeys.children(app.id),
    queryFn: ({ signal }) => applicationsApi.childApplications(app.id, signal),
  });
  const rows: Array<
    Pick<ApplicationDto, 'id' | 'formDisplayName' | 'applicationNumber' | 'consentNumber' | 'status'>
  > = [app, ...(children.data ?? [])];
  return (
    <>
      <Table
        header={<Header variant="h2">{t('applicationDetails.forms.title')}</Header>}
        items={rows}
        trackBy="id"
        loading={children.isPending}
        loadingText={t('applicationDetails.loading')}
        columnDefinitions={[
          {
            id: 'form',
            header: t('applicationDetails.overview.form'),
            cell: (r) => r.formDisplayName ?? '-',
          },
          { id: 'number', header: t('applicationDetails.applications.number'), cell: (r) => numberOf(r) },
          {
            id: 'status',
            header: t('applicationDetails.applications.status'),
            cell: (r) => statusLabel(r.status),
          },
          {
            id: 'view',
            header: t('applicationDetails.forms.action'),
            cell: (r) =>
              r.status === 'Draft' ? (
                <RouterLink href={`/application-form/${r.id}`}>
                  {t('applicationDetails.forms.edit')}
                </RouterLink>
              ) : (
                <Button
                  variant="inline-link"
                  onClick={() => setViewing(r.id)}
                  ariaLabel={`${t('applicationDetails.forms.view')} ${r.formDisplayName ?? numberOf(r)}`}
                >
                  {t('applicationDetails.forms.view')}
                </Button>
              ),
          },
        ]}
      />
      {children.isError && <Alert type="error">{applicationMessages.failedToFetchChildApplications}</Alert>}
      <ViewSubmittedDialog applicationId={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}

/** The count of things waiting for the applicant on a tab (RFIs, Payments), else 0. */
const countOf = (attention: ReturnType<typeof tabAttention>, s: ApplicationDetailsSection): number =>
  s === 'RFIs' || s === 'Payments' || s === 'Documents' ? attention[s] : 0;

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A tab's name, with a badge counting what needs the applicant's attention there. */
function TabLabel({ section, count }: { section: string; count: number }) {
  const { t } = useTranslation();
  if (count === 0) return section;
  return (
    <span>
      {section} <Badge color="red">{count}</Badge>{' '}
      <span style={VISUALLY_HIDDEN}>{t('applicationDetails.sectionCount', { count })}</span>
    </span>
  );
}

/**
 * /application-details/{id}?section=&subSection=: the application's nine sections; `subSection` names
 * a part of the section to scroll to and focus (components/subSection.ts).
 */
export default function ApplicationDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().applicationId ?? '';
  const [search, setSearch] = useSearchParams();
  const { section, subSection } = resolveDetailsSection(search);
  const query = useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => applicationsApi.get(id, signal),
    // The council moves a lodged application on: read it again now and then, and on coming back.
    refetchInterval: (q) => (councilMayChange(q.state.data?.application.status) ? COUNCIL_REFRESH_MS : false),
    refetchOnWindowFocus: (q) => councilMayChange(q.state.data?.application.status),
  });
  const app = query.data?.application;
  const next = useNextSteps(app);
  const attention = tabAttention(next.steps);
  useSubSection(section, app ? subSection : undefined);

  const content = (s: ApplicationDetailsSection) => {
    if (!app) return null;
    if (s === 'Overview') return <Overview app={app} next={next} />;
    if (s === 'Applications') return <Applications app={app} />;
    if (s === 'Forms') return <Forms app={app} />;
    if (s === 'People')
      return (
        <Container header={<Header variant="h2">{t('applicationDetails.sections.People')}</Header>}>
          <ParticipantsSection
            applicationId={app.id}
            applicationLabel={numberOf(app)}
            canEdit={canEdit(app.accessLevel)}
            accessLevel={app.accessLevel}
            isDraft={app.status === 'Draft'}
          />
        </Container>
      );
    if (s === 'Documents')
      return (
        <Suspense
          fallback={<StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>}
        >
          <DocumentsSection
            app={app}
            readOnly={!canEdit(app.accessLevel)}
            requiredIds={(query.data?.requiredDocuments ?? []).map((d) => d.documentContainerId)}
          />
        </Suspense>
      );
    if (s === 'RFIs')
      return (
        <Suspense
          fallback={<StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>}
        >
          <RfisSection app={app} />
        </Suspense>
      );
    if (s === 'Payments')
      return (
        <Suspense
          fallback={<StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>}
        >
          <PaymentsSection app={app} />
        </Suspense>
      );
    if (s === 'Notifications')
      return (
        <Suspense
          fallback={<StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>}
        >
          <NotificationsSection app={app} />
        </Suspense>
      );
    if (s === 'Inspections')
      return (
        <InspectionsSection applicationId={app.id} inspections={query.data?.requiredInspections ?? []} />
      );
    return null;
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={app ? <ApplicationNumbers app={app} address={app.address} /> : undefined}
        >
          {app?.formDisplayName ?? t('applicationDetails.title')}
        </Header>
      }
    >
      {query.isPending ? (
        <StatusIndicator type="loading">{t('applicationDetails.loading')}</StatusIndicator>
      ) : query.isError ? (
        // The server's words ("Application not found"), then the way back (docs/applications.md).
        <Alert type="error">
          <SpaceBetween size="xs">
            <span>{query.error.message}</span>
            <RouterLink href="/">{t('notFound.back')}</RouterLink>
          </SpaceBetween>
        </Alert>
      ) : (
        <Tabs
          activeTabId={section}
          onChange={({ detail }) => setSearch({ section: detail.activeTabId })}
          ariaLabel={t('applicationDetails.sectionsLabel')}
          tabs={APPLICATION_DETAILS_SECTIONS.map((s) => ({
            id: s,
            label: <TabLabel section={t(`applicationDetails.sections.${s}`)} count={countOf(attention, s)} />,
            content: s === section ? content(s) : null,
          }))}
        />
      )}
    </ContentLayout>
  );
}
