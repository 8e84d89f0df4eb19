import { lazy, useState, type ComponentType } from 'react';
import type { AttributeEditorProps } from '@cloudscape-design/components/attribute-editor';
import type { ButtonProps } from '@cloudscape-design/components/button';
import type { DatePickerProps } from '@cloudscape-design/components/date-picker';
import type { PopoverProps } from '@cloudscape-design/components/popover';
import type { TimeInputProps } from '@cloudscape-design/components/time-input';
import type { FormioComponent, FormioForm } from '../../../../shared/schemas/formio';

/**
 * A control the renderer draws only for some component types, as a chunk of its own: a step's
 * first load downloads and evaluates only the controls its definition uses (docs/performance.md,
 * "The form page"). `preload` starts the chunk (the step does, as soon as its definition is in);
 * `Part` draws the control, suspending (React.lazy) until the chunk is in when it is not yet.
 */
function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m.default),
      (error: unknown) => {
        loading = undefined; // tried again on the next draw
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Part(props: P) {
    // One component per drawn control: a chunk arriving later never remounts it.
    const [Control] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Control {...props} />;
  }
  return { Part, preload };
}

export const DatePickerPart = lazyPart<DatePickerProps>(
  () => import('@cloudscape-design/components/date-picker'),
);
export const TimeInputPart = lazyPart<TimeInputProps>(
  () => import('@cloudscape-design/components/time-input'),
);
export const AttributeEditorPart = lazyPart<AttributeEditorProps<Record<string, unknown>>>(
  () =>
    import('@cloudscape-design/components/attribute-editor') as Promise<{
      default: ComponentType<AttributeEditorProps<Record<string, unknown>>>;
    }>,
);
export const PopoverPart = lazyPart<PopoverProps>(() => import('@cloudscape-design/components/popover'));
export const ButtonPart = lazyPart<ButtonProps>(() => import('@cloudscape-design/components/button'));

/** The parts a definition's components draw: dates (and times), datagrids, tooltips. */
function partsOf(components: readonly FormioComponent[], out: Set<{ preload: () => Promise<unknown> }>) {
  for (const c of components) {
    if ('tooltip' in c && c.tooltip) {
      out.add(PopoverPart);
      out.add(ButtonPart);
    }
    if (c.type === 'datetime') {
      out.add(DatePickerPart);
      if (c.enableTime) out.add(TimeInputPart);
    }
    if (c.type === 'datagrid') out.add(AttributeEditorPart);
    if ('components' in c && c.components) partsOf(c.components, out);
  }
  return out;
}

/** Starts the chunks of the controls a step's definition draws; resolves when they are in. */
export function preloadParts(form: FormioForm): Promise<unknown> {
  return Promise.all([...partsOf(form.components, new Set())].map((p) => p.preload()));
}
