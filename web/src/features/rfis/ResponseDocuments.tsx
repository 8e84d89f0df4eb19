import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import type { RfiPointDto } from '../../../../shared/schemas/rfis';
import { responseDocumentChoices, rfiMessages } from '../../../../shared/domain/rfis';
import { documentKeys, documentsApi } from '../../api/documents';
import { rfiKeys, rfisApi } from '../../api/rfis';
import DocumentUploadStep from '../documents/DocumentUploadStep';
import { isSettledDoc, stepContainerOf, type StepContainer } from '../documents/documents';
import type { Autosave } from './useAutosave';

/**
 * The response's documents (docs/rfis.md): the application's RFI document
 * container with the upload queue (no per-container limit: docs/rfis.md), and which of its files
 * this response carries. A file uploaded on this page is attached when it has been scanned; a tick
 * attaches or detaches one. Read only, the attached files are listed. The container is shared by
 * every point: a file attached to another point shows only there (`responseDocumentChoices`).
 */
export function ResponseDocuments({
  app,
  point,
  editable,
  autosave,
}: {
  app: ApplicationDto;
  point: RfiPointDto;
  editable: boolean;
  autosave: Autosave;
}) {
  const { t } = useTranslation();
  const containers = useQuery({
    queryKey: documentKeys.containers(app.id),
    queryFn: ({ signal }) => documentsApi.containers(app.id, signal),
  });
  const documents = useQuery({
    queryKey: documentKeys.list(app.id),
    queryFn: ({ signal }) => documentsApi.list(app.id, signal),
  });
  const rfiContainers: StepContainer[] = useMemo(
    () => (containers.data ?? []).filter((c) => c.containerType === 'RFIDocument').map(stepContainerOf),
    [containers.data],
  );
  const inRfi = useMemo(() => {
    const ids = new Set(rfiContainers.map((c) => c.id));
    return (documents.data ?? []).filter((d) => d.documentContainerId && ids.has(d.documentContainerId));
  }, [documents.data, rfiContainers]);
  // The other points' attachments (the RFIs list, as the section reads it).
  const allPoints = useQuery({
    queryKey: rfiKeys.list(app.id),
    queryFn: ({ signal }) => rfisApi.list(app.id, signal),
  });
  const attached = point.documentNames;
  const settled = inRfi.filter(isSettledDoc);
  const choices = responseDocumentChoices(
    settled.map((d) => d.name),
    point,
    allPoints.data ?? [],
  );
  const byName = new Map(settled.map((d) => [d.name, d]));

  // Files uploaded while this page is open are attached once scanned (never one unticked since).
  const seen = useRef<Set<string> | undefined>(undefined);
  const { save } = autosave;
  useEffect(() => {
    if (!editable || !documents.data || !containers.data) return;
    if (!seen.current) {
      seen.current = new Set(inRfi.map((d) => d.name));
      return;
    }
    const fresh = inRfi.filter((d) => !seen.current!.has(d.name) && isSettledDoc(d));
    if (fresh.length === 0) return;
    for (const d of fresh) seen.current.add(d.name);
    void save({ responseDocumentNames: [...new Set([...attached, ...fresh.map((d) => d.name)])] });
  }, [editable, documents.data, containers.data, inRfi, attached, save]);

  const toggle = (name: string, on: boolean) =>
    void save({
      responseDocumentNames: on ? [...new Set([...attached, name])] : attached.filter((n) => n !== name),
    });

  const fileName = (name: string) => documents.data?.find((d) => d.name === name)?.fileName ?? name;
  return (
    <Container header={<Header variant="h2">{t('rfiPoint.documents')}</Header>}>
      {containers.isPending || documents.isPending ? (
        <StatusIndicator type="loading">{t('rfiPoint.loading')}</StatusIndicator>
      ) : containers.isError || documents.isError ? (
        <Alert type="error">{rfiMessages.fetchPointDocuments}</Alert>
      ) : (
        <SpaceBetween size="l">
          {editable && <DocumentUploadStep applicationId={app.id} containers={rfiContainers} />}
          <SpaceBetween size="xs">
            <Box variant="h3">{t('rfiPoint.attached')}</Box>
            {editable ? (
              <>
                <Box color="text-body-secondary">{t('rfiPoint.attachHint')}</Box>
                {choices.attached.length === 0 && <Box>{t('rfiPoint.noDocuments')}</Box>}
                {choices.attached.map((name) => (
                  <Checkbox key={name} checked onChange={({ detail }) => toggle(name, detail.checked)}>
                    {fileName(name)}
                  </Checkbox>
                ))}
                {choices.free.length > 0 && (
                  <SpaceBetween size="xs">
                    <Box variant="h3">{t('rfiPoint.notAttached')}</Box>
                    <Box color="text-body-secondary">{t('rfiPoint.notAttachedHint')}</Box>
                    {choices.free.map((name) => (
                      <Checkbox
                        key={name}
                        checked={false}
                        onChange={({ detail }) => toggle(name, detail.checked)}
                      >
                        {byName.get(name)?.fileName ?? name}
                      </Checkbox>
                    ))}
                  </SpaceBetween>
                )}
              </>
            ) : attached.length === 0 ? (
              <Box>{t('rfiPoint.noDocuments')}</Box>
            ) : (
              <ul aria-label={t('rfiPoint.attached')}>
                {attached.map((name) => (
                  <li key={name}>{fileName(name)}</li>
                ))}
              </ul>
            )}
          </SpaceBetween>
        </SpaceBetween>
      )}
    </Container>
  );
}
