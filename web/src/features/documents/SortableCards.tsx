import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import Icon from '@cloudscape-design/components/icon';

export interface SortableCard {
  id: string;
  /** The file name, for the handle's label and the announcements. */
  label: string;
  /** Whether it can be dragged (a listed document the caller may change). */
  movable: boolean;
  render(handle: ReactNode): ReactNode;
}

function Item({ card }: { card: SortableCard }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: card.id, disabled: !card.movable });
  const style: CSSProperties = {
    marginBlockEnd: 8,
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  const handle = card.movable ? (
    <span
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('documents.drag.handle', { fileName: card.label })}
      style={{ cursor: 'grab', touchAction: 'none', display: 'inline-flex', padding: 4 }}
    >
      <Icon name="drag-indicator" />
    </span>
  ) : null;
  return (
    <li ref={setNodeRef} style={style} data-document={card.label}>
      {card.render(handle)}
    </li>
  );
}

/**
 * A container's cards as a sortable list (docs/documents-web.md): each movable card has a
 * drag handle (pointer, or Space then the arrow keys); a drop calls `onPlace` with the card and the
 * index of the card it was dropped on. The card menu's Move up / Move down stay as the plain path.
 */
export default function SortableCards({
  cards,
  listLabel,
  onPlace,
}: {
  cards: readonly SortableCard[];
  listLabel: string;
  onPlace(id: string, overId: string): void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: string | number) => cards.find((c) => c.id === id)?.label ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('documents.drag.picked', { fileName: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('documents.drag.over', { fileName: labelOf(active.id), target: labelOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('documents.drag.dropped', { fileName: labelOf(active.id), target: labelOf(over.id) })
        : t('documents.drag.cancelled', { fileName: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('documents.drag.cancelled', { fileName: labelOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onPlace(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('documents.drag.instructions') },
      }}
    >
      <SortableContext items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {cards.map((card) => (
            <Item key={card.id} card={card} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
