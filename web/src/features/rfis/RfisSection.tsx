import { subSectionTarget } from '../../components/subSection';
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import type { RfiPointDto } from '../../../../shared/schemas/rfis';
import { canEdit } from '../../../../shared/domain/applications';
import {
  rfiMessages,
  rfiPointState,
  rfiResponseCounts,
  rfiRoundsOf,
  rfiTypeLabels,
  roundSubmission,
  type RfiRound,
} from '../../../../shared/domain/rfis';
import { applicationKeys } from '../../api/applications';
import { rfiKeys, rfisApi } from '../../api/rfis';
import { formatDate } from '../../lib/dates';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { RouterLink } from '../../components/RouterLink';
import { useToasts } from '../../components/toasts';
import { rfiSignOffText } from '../../../../shared/domain/plain-labels';
import { groupLabel, pointHref, StateIndicator } from './rfiView';

type Point = RfiPointDto & { rfiPointId: string };
const withIds = (points: RfiPointDto[]): Point[] => points.map((p) => ({ ...p, rfiPointId: p.id }));

/**
 * The RFIs section of /application-details (docs/rfis.md): the council's
 * rounds grouped by type and team, each with its status, its open count and its points; a round is
 * submitted as a whole, after a confirmation, by a participant with Edit once every open point has
 * a response (the shared rule says why not otherwise).
 */
export default function RfisSection({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<RfiRound<Point> | undefined>();
  // The round just sent: "what happens next" stays until the page is left.
  const [sent, setSent] = useState<number | undefined>();
  const query = useQuery({
    queryKey: rfiKeys.list(app.id),
    queryFn: ({ signal }) => rfisApi.list(app.id, signal),
  });
  useEffect(() => {
    if (query.isError) toasts.show({ type: 'error', content: rfiMessages.fetchPoints });
  }, [query.isError, toasts]);
  const submit = useMutation({
    mutationFn: (round: RfiRound<Point>) => rfisApi.submitRound(app.id, round),
    onSuccess: async (_points, round) => {
      setConfirm(undefined);
      setSent(round.round);
      toasts.show({ type: 'success', content: t('rfis.submitted', { round: round.round }) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rfiKeys.all }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      ]);
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('rfis.submitFailed'), content: error.message }),
  });

  if (query.isPending) return <StatusIndicator type="loading">{t('rfis.loading')}</StatusIndicator>;
  if (query.isError) return <Alert type="error">{rfiMessages.fetchPoints}</Alert>;
  const rounds = rfiRoundsOf(withIds(query.data));
  const editor = canEdit(app.accessLevel);
  const open = rounds.reduce((n, r) => n + r.openCount, 0);
  const left = rfiResponseCounts(query.data);

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" counter={rounds.length ? `(${open} ${t('rfis.open')})` : undefined}>
            {t('rfis.title')}
          </Header>
        }
      >
        {rounds.length === 0 ? (
          <Box color="text-body-secondary">{t('rfis.none')}</Box>
        ) : (
          <Box>
            {left.toAnswer > 0
              ? t('rfis.openSummary', { count: left.toAnswer })
              : left.toSend > 0
                ? t('rfis.toSendSummary')
                : t('rfis.allAnswered')}
          </Box>
        )}
      </Container>
      {sent !== undefined && (
        <Alert type="success" header={t('rfis.sentTitle', { round: sent })}>
          {t('rfis.whatNext')}
        </Alert>
      )}
      {rounds.map((round) => {
        const check = roundSubmission(round.points);
        const reason = !editor ? t('rfis.needEdit') : check.ok ? undefined : check.reason;
        const isOpen = round.openCount > 0;
        return (
          <div key={round.key} {...subSectionTarget(round.key)}>
            <Container
              header={
                <Header
                  variant="h3"
                  description={groupLabel(round)}
                  counter={isOpen ? `(${round.openCount} ${t('rfis.open')})` : undefined}
                  actions={
                    isOpen ? (
                      <Button
                        variant="primary"
                        disabled={!!reason}
                        disabledReason={reason}
                        onClick={() => setConfirm(round)}
                      >
                        {t('rfis.submitRound')}
                      </Button>
                    ) : undefined
                  }
                >
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <span>{t('rfis.round', { round: round.round, type: rfiTypeLabels[round.type] })}</span>
                    <StateIndicator state={round.status} />
                  </SpaceBetween>
                </Header>
              }
            >
              <SpaceBetween size="s">
                {isOpen && reason && <Box color="text-body-secondary">{reason}</Box>}
                <ResponsiveTable<Point>
                  variant="embedded"
                  trackBy="id"
                  ariaLabels={{
                    tableLabel: t('rfis.round', { round: round.round, type: rfiTypeLabels[round.type] }),
                  }}
                  items={round.points}
                  columnDefinitions={[
                    {
                      id: 'title',
                      header: t('rfis.point'),
                      cell: (p) => <RouterLink href={pointHref(app.id, p.id)}>{p.title}</RouterLink>,
                    },
                    {
                      id: 'where',
                      header: t('rfis.where'),
                      cell: (p) => [p.building, p.location].filter(Boolean).join(' · ') || '-',
                    },
                    { id: 'state', header: t('rfis.status'), cell: (p) => <PointStatus point={p} /> },
                    {
                      id: 'response',
                      header: t('rfis.respondedBy'),
                      cell: (p) =>
                        p.responseLastModifiedDate
                          ? `${p.responsePersonName ?? ''} · ${formatDate(p.responseLastModifiedDate)}`
                          : '-',
                    },
                  ]}
                />
              </SpaceBetween>
            </Container>
          </div>
        );
      })}
      <Modal
        visible={!!confirm}
        onDismiss={() => setConfirm(undefined)}
        closeAriaLabel={t('rfis.cancel')}
        header={t('rfis.confirmTitle')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirm(undefined)}>
                {t('rfis.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={submit.isPending}
                onClick={() => confirm && submit.mutate(confirm)}
              >
                {t('rfis.submitRound')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirm &&
          t('rfis.confirmText', {
            round: confirm.round,
            group: groupLabel(confirm),
            count: confirm.points.filter((p) => !p.customerSubmittedDate && !p.councilSignedOffDate).length,
          })}
      </Modal>
    </SpaceBetween>
  );
}

/** The council's sign-off in plain words (shared/domain/plain-labels.ts), its meaning on hover and to a screen reader. */
function SignOffBadge({ status }: { status: RfiPointDto['status'] }) {
  const text = rfiSignOffText(status);
  const colour = text.tone === 'positive' ? 'green' : text.tone === 'negative' ? 'red' : 'grey';
  return (
    <span title={text.explanation}>
      <Badge color={colour}>{text.label}</Badge>
    </span>
  );
}

function PointStatus({ point }: { point: RfiPointDto }) {
  const state = rfiPointState(point);
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      <StateIndicator state={state} />
      {state === 'Processed' && <SignOffBadge status={point.status} />}
    </SpaceBetween>
  );
}
