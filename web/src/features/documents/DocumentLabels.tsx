import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDocumentDto } from '../../../../shared/schemas/documents';
import { documentKeys, documentsApi } from '../../api/documents';

/** Where a child application's document types come from (its form's types, Amendment or Supporting). */
export interface ChildForm {
  jurisdictionId: string;
  formId: string;
}

/** A document's tags, and its type on a child application (GET .../tags, GET .../types). */
function useLabels(applicationId: string, name: string, child: ChildForm | undefined) {
  return useQuery({
    queryKey: documentKeys.labels(applicationId, name),
    queryFn: async ({ signal }) => {
      const [tags, types] = await Promise.all([
        documentsApi.tags(applicationId, name, signal),
        child ? documentsApi.types(applicationId, name, signal) : Promise.resolve([]),
      ]);
      return {
        tags: [...tags].sort((a, b) => a.displayOrder - b.displayOrder),
        types,
      };
    },
  });
}

/** The tags (and type) on a document's card. */
export function CardLabels({
  applicationId,
  doc,
  child,
}: {
  applicationId: string;
  doc: ApplicationDocumentDto;
  child: ChildForm | undefined;
}) {
  const { t } = useTranslation();
  const labels = useLabels(applicationId, doc.name, child);
  if (!labels.data || labels.data.tags.length + labels.data.types.length === 0) return null;
  return (
    <ul
      aria-label={t('documents.labels.onCard', { fileName: doc.fileName })}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 4 }}
    >
      {labels.data.types.map((type) => (
        <li key={`type-${type.id}`}>
          <Badge color="blue">{type.displayName}</Badge>
        </li>
      ))}
      {labels.data.tags.map((tag) => (
        <li key={tag.id}>
          <Badge>{tag.displayName}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * A document's tags (docs/documents-web.md: the system tags and the user's own) and, on a
 * child application, its type (Amendment or Supporting, the form's document types): read, chosen,
 * and written with PUT .../tags and PUT .../types. A failed read is 'Failed to fetch document tags
 * or types'.
 */
export function LabelsDialog({
  applicationId,
  doc,
  child,
  onClose,
}: {
  applicationId: string;
  doc: ApplicationDocumentDto;
  child: ChildForm | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labels = useLabels(applicationId, doc.name, child);
  const allTags = useQuery({
    queryKey: documentKeys.allTags,
    queryFn: ({ signal }) => documentsApi.allTags(signal),
  });
  const formTypes = useQuery({
    queryKey: documentKeys.formTypes(child?.jurisdictionId ?? '', child?.formId ?? ''),
    queryFn: ({ signal }) => documentsApi.formTypes(child!.jurisdictionId, child!.formId, signal),
    enabled: child !== undefined,
  });
  // What the user chose; until then, what the document has.
  const [chosenTags, setTagIds] = useState<string[] | undefined>();
  const [chosenType, setTypeId] = useState<string | undefined>();
  const tagIds = chosenTags ?? labels.data?.tags.map((tag) => tag.id);
  const typeId = chosenType ?? labels.data?.types[0]?.id;

  const save = useMutation({
    mutationFn: async () => {
      await documentsApi.setTags(applicationId, doc.name, tagIds ?? []);
      if (child && typeId) await documentsApi.setTypes(applicationId, doc.name, [typeId]);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.labels(applicationId, doc.name) });
      onClose();
    },
  });

  const loading = labels.isPending || allTags.isPending || (child !== undefined && formTypes.isPending);
  const failed = labels.isError || allTags.isError || formTypes.isError;
  const tagOptions = [...(allTags.data ?? [])]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((tag) => ({
      value: tag.id,
      label: tag.displayName,
      ...(tag.description ? { description: tag.description } : {}),
    }));
  const typeOptions = [...(formTypes.data ?? [])]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((type) => ({ value: type.id, label: type.displayName }));

  return (
    <Modal
      visible
      closeAriaLabel={t('documents.closeDialog')}
      onDismiss={onClose}
      header={t(child ? 'documents.labels.titleWithType' : 'documents.labels.title', {
        fileName: doc.fileName,
      })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              {t('documents.labels.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={save.isPending}
              disabled={loading || failed}
              onClick={() => save.mutate()}
            >
              {t('documents.labels.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {loading && !failed ? (
        <StatusIndicator type="loading">{t('documents.labels.loading')}</StatusIndicator>
      ) : failed ? (
        <Alert type="error">{t('documents.labels.fetchFailed')}</Alert>
      ) : (
        <SpaceBetween size="m">
          <FormField label={t('documents.labels.tags')}>
            <Multiselect
              selectedOptions={tagOptions.filter((o) => tagIds?.includes(o.value))}
              options={tagOptions}
              placeholder={t('documents.labels.tagsPlaceholder')}
              deselectAriaLabel={(option) => t('documents.labels.removeTag', { tag: option.label })}
              onChange={({ detail }) => setTagIds(detail.selectedOptions.map((o) => o.value!))}
            />
          </FormField>
          {child && (
            <FormField label={t('documents.labels.type')}>
              <Select
                selectedOption={typeOptions.find((o) => o.value === typeId) ?? null}
                options={typeOptions}
                placeholder={t('documents.labels.typePlaceholder')}
                onChange={({ detail }) => setTypeId(detail.selectedOption.value)}
              />
            </FormField>
          )}
          {save.isError && <Alert type="error">{t('documents.labels.saveFailed')}</Alert>}
        </SpaceBetween>
      )}
    </Modal>
  );
}
