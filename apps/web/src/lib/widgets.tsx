import type { AuditEntityType, EventOccurrence } from '@ritim/shared';
import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';

/**
 * The widgets one feature shows inside another's screen (docs/architecture.md#web-layers): a
 * feature never imports another, so the routes layer (screens/widgets.tsx) hands them down here
 * and a screen shows one by name (`<Widget name=... />`). Each is the owning feature's component, loaded on first use.
 */
export interface Widgets {
  /** features/attendance: the marks of a session's guests (all, or `guestIds` only), saved at once. */
  AttendanceMarking: ComponentType<{
    occurrence: EventOccurrence;
    guestIds?: readonly number[];
    onSaved?: () => void;
    onCancel?: () => void;
  }>;
  /** features/attendance: 'Take attendance' as a dialog, open while `occurrenceId` is set. */
  TakeAttendanceDialog: ComponentType<{ occurrenceId: number | null; onClose: () => void }>;
  /** features/cancellation: 'Cancel session', open while `occurrence` is set. */
  CancelOccurrenceDialog: ComponentType<{ occurrence: EventOccurrence | null; onClose: () => void }>;
  /** features/makeup: 'Book a make-up' for one guest of a session. */
  BookMakeup: ComponentType<{ occurrence: EventOccurrence; guest: EventOccurrence['guests'][number] }>;
  /** features/activity: a record's History (who changed what), as its edit page shows it. */
  HistoryPanel: ComponentType<{ entityType: AuditEntityType; entityId: number }>;
  /** features/cover: an editor's working hours, a week edited and saved (their edit page, their My Profile). */
  WorkingHours: ComponentType<{ userId: number }>;
  /** features/cover: 'Find cover' for a session (admins): ranked candidates, assign, give back. */
  FindCover: ComponentType<{ occurrence: EventOccurrence }>;
  /** features/cover: 'Find cover' as a dialog, open while `occurrence` is set. */
  FindCoverDialog: ComponentType<{ occurrence: EventOccurrence | null; onClose: () => void }>;
  /** features/cover: Home's "N sessions need cover" (admins), each opening 'Find cover'. */
  NeedsCover: ComponentType<{ zone: string }>;
}

const WidgetsContext = createContext<Widgets | null>(null);

/** Where the routes layer provides the widgets, once, above every signed-in screen. */
export const WidgetsProvider = WidgetsContext.Provider;

/** The props of widget `Name`. */
export type WidgetProps<Name extends keyof Widgets> = ComponentProps<Widgets[Name]>;

/**
 * Widget `name` of another feature with its props: `<Widget name="BookMakeup" occurrence={...} guest={...} />`
 * (the routes layer must provide the widgets above the screen).
 */
export function Widget<Name extends keyof Widgets>({ name, ...props }: { name: Name } & WidgetProps<Name>) {
  const widgets = useContext(WidgetsContext);
  if (!widgets) throw new Error(`No widgets are provided above this screen, so it cannot show ${name}`);
  return createElement(widgets[name] as ComponentType<object>, props);
}
