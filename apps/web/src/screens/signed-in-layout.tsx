import { lazy, Suspense, type ComponentType } from 'react';
import { RootLayout } from '../components/root-layout';
import { WidgetsProvider, type Widgets } from '../lib/widgets';

/**
 * The routes layer (docs/architecture.md#web-layers) hands each feature's widgets to the screens of
 * other features: attendance's marking to the calendar, Upcoming Events, Home and Fill Form;
 * cancellation's dialog to the calendar and the lists; make-ups to the marking and the calendar;
 * the activity log's History to every edit page; cover's working hours to an editor's edit page and My Profile, its Find cover to the calendar and Upcoming Events and what needs cover to Home. Each loads with its first use, so a screen's chunk
 * carries only itself; a widget waiting for its code shows nothing in its place.
 */
function widget<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function Widget(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const widgets: Widgets = {
  AttendanceMarking: widget(async () => (await import('../features/attendance/take-attendance')).AttendanceMarking),
  TakeAttendanceDialog: widget(
    async () => (await import('../features/attendance/take-attendance')).TakeAttendanceDialog,
  ),
  CancelOccurrenceDialog: widget(
    async () => (await import('../features/cancellation/cancel-occurrence')).CancelOccurrenceDialog,
  ),
  BookMakeup: widget(async () => (await import('../features/makeup/makeup')).BookMakeup),
  HistoryPanel: widget(async () => (await import('../features/activity/history-panel')).HistoryPanel),
  WorkingHours: widget(async () => (await import('../features/cover/working-hours')).WorkingHoursPanel),
  FindCover: widget(async () => (await import('../features/cover/find-cover')).FindCover),
  FindCoverDialog: widget(async () => (await import('../features/cover/find-cover')).FindCoverDialog),
  NeedsCover: widget(async () => (await import('../features/cover/needs-cover')).NeedsCover),
};

/** The signed-in shell with every screen's widgets above it (the route table's '/'). */
export function SignedInLayout() {
  return (
    <WidgetsProvider value={widgets}>
      <RootLayout />
    </WidgetsProvider>
  );
}
