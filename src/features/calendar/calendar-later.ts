/**
 * The parts of the calendar a visit may never use: the week view and the dialogs (Create Post or Add
 * Note on a day, the note editor, a busy day's list, a post with its move form) and moving a post. One module, loaded
 * when first pointed at or pressed (Calendar.tsx), so the month's first load stays small.
 */
export { ChooseDialog, DayListDialog, NoteDialog, type NoteEditor, PostDialog } from "./CalendarDialogs";
export { movePost } from "./move-post";
export { default as WeekGrid } from "./WeekGrid";
