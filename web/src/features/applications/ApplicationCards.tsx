import { lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApplicationListItem } from '../../../../shared/schemas/applications';
import type { CardMenuItem } from '../../../../shared/domain/applications';
import type { NotificationLevel } from '../../../../shared/schemas/common';
import { ApplicationCard } from './ApplicationCard';
import { displayIdOf, menuHref } from './cardModel';
import { useAfterRemoval, useArchive, useDownloadSummaryPdf } from './mutations';
import type { DeleteTarget } from './dialogs/DeleteApplicationDialog';
import { OnceOpened } from '../../components/OnceOpened';
import styles from './applications.module.css';

// The dialogs (Modal, form controls, the template form's zod schema) load when first opened: the
// dashboard and the lists draw their cards without them.
const DeleteApplicationDialog = lazy(async () => ({
  default: (await import('./dialogs/DeleteApplicationDialog')).DeleteApplicationDialog,
}));
const DuplicateApplicationDialog = lazy(async () => ({
  default: (await import('./dialogs/DuplicateApplicationDialog')).DuplicateApplicationDialog,
}));
const SaveTemplateDialog = lazy(async () => ({
  default: (await import('./dialogs/SaveTemplateDialog')).SaveTemplateDialog,
}));
const NotificationLevelDialog = lazy(async () => ({
  default: (await import('./dialogs/NotificationLevelDialog')).NotificationLevelDialog,
}));

/** Card slide-out exit (docs/applications.md). */
export const CARD_EXIT_MS = 300;

type Target = { id: string; label: string };

/**
 * The card menu's actions and dialogs, shared by the list pages, the dashboard and the templates
 * page. `exiting` holds the ids of cards sliding out after a delete.
 */
export function useCardActions() {
  const navigate = useNavigate();
  const archive = useArchive();
  const download = useDownloadSummaryPdf();
  const afterRemoval = useAfterRemoval();
  const [deleting, setDeleting] = useState<DeleteTarget>();
  const [duplicating, setDuplicating] = useState<Target>();
  const [templating, setTemplating] = useState<Target>();
  const [subscribing, setSubscribing] = useState<Target & { level: NotificationLevel | undefined }>();
  const [exiting, setExiting] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const labelOf = (item: ApplicationListItem) =>
    item.recordType === 'Template'
      ? (item.template?.displayName ?? item.name ?? item.id)
      : (displayIdOf(item) ?? item.formDisplayName ?? item.id);

  const onAction = (item: ApplicationListItem, action: CardMenuItem) => {
    const target = { id: item.id, label: labelOf(item) };
    switch (action) {
      case 'viewSubmitted':
        return void navigate(menuHref.viewSubmitted(item.id));
      case 'viewAndEdit':
        return void navigate(menuHref.viewAndEdit(item.id));
      case 'previewPdf':
        return void navigate(menuHref.previewPdf(item.id));
      case 'downloadPdf':
        if (item.applicationFormPdf) download.mutate({ id: item.id, document: item.applicationFormPdf });
        return;
      case 'delete':
        return setDeleting({ ...target, template: item.recordType === 'Template' });
      case 'notificationLevel':
        return setSubscribing({ ...target, level: item.notificationLevel });
      case 'duplicate':
        return setDuplicating(target);
      case 'saveAsTemplate':
        return setTemplating(target);
      case 'archive':
      case 'unarchive':
        return archive.mutate({ id: item.id, archive: action === 'archive' });
    }
  };

  const onDeleted = (id: string) => {
    setExiting((s) => new Set(s).add(id));
    timers.current.push(
      window.setTimeout(() => {
        void afterRemoval().finally(() =>
          setExiting((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          }),
        );
      }, CARD_EXIT_MS),
    );
  };

  const dialogs: ReactNode = (
    <>
      <OnceOpened open={!!deleting}>
        <DeleteApplicationDialog
          target={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={onDeleted}
        />
      </OnceOpened>
      <OnceOpened open={!!duplicating}>
        <DuplicateApplicationDialog target={duplicating} onClose={() => setDuplicating(undefined)} />
      </OnceOpened>
      <OnceOpened open={!!templating}>
        <SaveTemplateDialog target={templating} onClose={() => setTemplating(undefined)} />
      </OnceOpened>
      <OnceOpened open={!!subscribing}>
        <NotificationLevelDialog target={subscribing} onClose={() => setSubscribing(undefined)} />
      </OnceOpened>
    </>
  );

  return { onAction, openDelete: setDeleting, dialogs, exiting };
}

/** Application cards in a responsive grid, with their menus and dialogs. */
export function ApplicationCards({
  items,
  label,
  footer,
}: {
  items: readonly ApplicationListItem[];
  label: string;
  /** What a card adds below its stages (the dashboard's actions: what the applicant has to do). */
  footer?: (item: ApplicationListItem) => ReactNode;
}) {
  const actions = useCardActions();
  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {items.map((item) => (
          <li
            key={item.id}
            className={`${styles.item} ${actions.exiting.has(item.id) ? styles.exiting : ''}`}
            aria-hidden={actions.exiting.has(item.id) || undefined}
          >
            <ApplicationCard item={item} onAction={actions.onAction} footer={footer?.(item)} />
          </li>
        ))}
      </ul>
      {actions.dialogs}
    </>
  );
}
