import { type FormEvent, useEffect, useState } from "react";
import { DEFAULT_NOTE_COLOR, NOTE_COLOR_NAMES, NOTE_COLORS } from "../../../domain/calendar/rules";
import type { CalendarNote } from "../../../infra/calendar/CalendarNotes";
import type { CalendarPost } from "../../../infra/publishing/CalendarPosts";
import type { PostView } from "../../../infra/publishing/PostQueries";
import { zoneOffset } from "../../components/forms/time-zone-model";
import { Dialog } from "../../components/ui/Dialog";
import { apiErrorMessage, apiRefusal } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { excerpt } from "../../lib/text";
import { toast } from "../../islands/toast/toast-store";
import { PlatformBadge } from "../accounts/platform-badge";
import {
  atOf,
  type CalendarFilter,
  CHOOSE_TITLE,
  dayOfInstant,
  instantRange,
  isMovable,
  kindOf,
  longDay,
  matchesFilter,
  NOTE_TOASTS,
  noteColorClass,
  timeOf,
  whenOf,
} from "./calendar-model";
import { clockOf, hourLabel, instantOfInputs, minuteOfDay } from "./week-model";

/**
 * The calendar's dialogs, loaded with the week view when first wanted (calendar-later.ts): Create
 * Post or Add Note on a day, the note editor, a busy day's whole list, and a post with its move form.
 */

export const ChooseDialog = ({
  day,
  notes,
  onClose,
  onEditNote,
  onAddNote,
}: {
  readonly day: string | null;
  readonly notes: ReadonlyArray<CalendarNote>;
  readonly onClose: () => void;
  readonly onEditNote: (note: CalendarNote) => void;
  readonly onAddNote: () => void;
}) => (
  <Dialog open={day !== null} title={CHOOSE_TITLE} description={day ? longDay(day) : ""} onClose={onClose}>
    {day && (
      <>
        {notes.length > 0 && (
          <ul className="cal-choose-notes" aria-label="Notes on this day">
            {notes.map((n) => (
              <li key={n.id}>
                <span className={`cal-dot ${noteColorClass(n.color)}`} aria-hidden="true" />
                <span className="cal-choose-text">{excerpt(n.content, 60)}</span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  data-requires="manage_posts"
                  onClick={() => onEditNote(n)}
                  aria-label={`Edit note: ${excerpt(n.content, 40)}`}
                >
                  Edit
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="ui-dialog-actions" data-requires="manage_posts">
          <a className="btn btn-primary" href={`/app/compose?date=${day}`}>
            Create Post
          </a>
          <button type="button" className="btn btn-outline" onClick={onAddNote}>
            Add Note
          </button>
        </div>
      </>
    )}
  </Dialog>
);

export interface NoteEditor {
  readonly day: string;
  readonly note: CalendarNote | null;
}

/** Add Note / Edit Note (spec core §8, §9): the content and one of the 14 colours; Delete when editing. */
export const NoteDialog = ({
  editor,
  onClose,
  onSaved,
  onDeleted,
}: {
  readonly editor: NoteEditor | null;
  readonly onClose: () => void;
  readonly onSaved: (note: CalendarNote) => void;
  readonly onDeleted: (id: string) => void;
}) => (
  <Dialog open={editor !== null} title={editor?.note ? "Edit Note" : "Add Note"} description={editor ? longDay(editor.day) : undefined} onClose={onClose}>
    {editor && <NoteForm editor={editor} onClose={onClose} onSaved={onSaved} onDeleted={onDeleted} />}
  </Dialog>
);

const NoteForm = ({
  editor,
  onClose,
  onSaved,
  onDeleted,
}: {
  readonly editor: NoteEditor;
  readonly onClose: () => void;
  readonly onSaved: (note: CalendarNote) => void;
  readonly onDeleted: (id: string) => void;
}) => {
  const [content, setContent] = useState(editor.note?.content ?? "");
  const [color, setColor] = useState<string>(editor.note?.color ?? DEFAULT_NOTE_COLOR);
  const [contentError, setContentError] = useState<string | null>(null);
  /** Why the server refused the last save or delete, shown here (the toast keeps the spec's text). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (content.trim() === "") {
      setContentError(NOTE_TOASTS.contentRequired);
      toast({ title: NOTE_TOASTS.errorTitle, description: NOTE_TOASTS.contentRequired, variant: "destructive" });
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const saved = editor.note
        ? await api.put("/api/calendar-notes/:id", { params: { id: editor.note.id }, payload: { content, color } })
        : await api.post("/api/calendar-notes", { payload: { date: editor.day, content, color } });
      onSaved(saved);
      toast({ title: editor.note ? NOTE_TOASTS.updated : NOTE_TOASTS.created });
      onClose();
    } catch (error) {
      setRefusal(apiRefusal(error));
      toast({ title: NOTE_TOASTS.errorTitle, description: editor.note ? NOTE_TOASTS.updateFailed : NOTE_TOASTS.createFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    const note = editor.note;
    if (!note) return;
    setSaving(true);
    setRefusal(null);
    try {
      await api.delete("/api/calendar-notes/:id", { params: { id: note.id } });
      onDeleted(note.id);
      toast({ title: NOTE_TOASTS.deleted });
      onClose();
    } catch (error) {
      setRefusal(apiRefusal(error));
      toast({ title: NOTE_TOASTS.errorTitle, description: NOTE_TOASTS.deleteFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="cal-note-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor="cal-note-content">Note</label>
        <textarea
          id="cal-note-content"
          className="input"
          rows={4}
          maxLength={1000}
          value={content}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? "cal-note-error" : undefined}
          onChange={(e) => {
            setContent(e.target.value);
            if (contentError) setContentError(null);
          }}
        />
        {contentError && (
          <p id="cal-note-error" className="field-error">
            {contentError}
          </p>
        )}
      </div>
      <fieldset className="cal-colors">
        <legend>Colour</legend>
        <div className="cal-swatches" role="radiogroup" aria-label="Note colour">
          {NOTE_COLORS.map((c) => (
            <label key={c} className={`cal-swatch ${noteColorClass(c)}`} title={NOTE_COLOR_NAMES[c]}>
              <input type="radio" name="cal-note-color" value={c} checked={color.toUpperCase() === c} onChange={() => setColor(c)} />
              <span className="visually-hidden">{NOTE_COLOR_NAMES[c]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {refusal && (
        <p className="field-error" role="alert" data-testid="note-refusal">
          {refusal}
        </p>
      )}
      <div className="ui-dialog-actions">
        {editor.note && (
          <button type="button" className="btn btn-danger cal-note-delete" disabled={saving} onClick={() => void remove()}>
            Delete
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving..." : editor.note ? "Update Note" : "Save Note"}
        </button>
      </div>
    </form>
  );
};

/** "+N more": every post of one day, or of one hour of it (the week's busy hour), under the filter (a day holds far fewer than 1,000). */
export const DayListDialog = ({
  list,
  filter,
  timeZone,
  onClose,
}: {
  readonly list: { readonly day: string; readonly hour: number | null } | null;
  readonly filter: CalendarFilter;
  readonly timeZone: string;
  readonly onClose: () => void;
}) => (
  <Dialog open={list !== null} title={list ? `${longDay(list.day)}${list.hour === null ? "" : `, ${hourLabel(list.hour)}`}` : ""} onClose={onClose}>
    {list && <DayList day={list.day} hour={list.hour} filter={filter} timeZone={timeZone} onClose={onClose} />}
  </Dialog>
);

const DayList = ({ day, hour, filter, timeZone, onClose }: { day: string; hour: number | null; filter: CalendarFilter; timeZone: string; onClose: () => void }) => {
  const [posts, setPosts] = useState<ReadonlyArray<PostView> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const range = instantRange([day], timeZone);
    api.get("/api/posts", { query: { from: range.from, to: range.to, limit: "1000" } }).then(
      ({ items: list }) =>
        current &&
        setPosts(
          list
            .filter((p) => matchesFilter(p, filter) && (hour === null || (kindOf(p) !== "draft" && Math.floor(minuteOfDay(atOf(p), timeZone) / 60) === hour)))
            .sort((a, b) => atOf(a).localeCompare(atOf(b))),
        ),
      (failure) => current && setError(apiErrorMessage(failure, "We could not load these posts. Try again.")),
    );
    return () => {
      current = false;
    };
  }, [day, hour, filter, timeZone]);
  return (
    <>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {!posts && !error && (
        <p className="muted" role="status">
          Loading posts…
        </p>
      )}
      {posts && (
        <ul className="cal-day-list" data-testid="day-list">
          {posts.map((post) => (
            <li key={post.id} className={`cal-post cal-post-${kindOf(post)}`}>
              {kindOf(post) === "draft" ? (
                <span className="cal-post-time cal-draft-mark">{post.status === "awaiting_approval" ? "Awaiting approval" : "Draft"}</span>
              ) : (
                <span className="cal-post-time">
                  <time dateTime={atOf(post)}>{timeOf(atOf(post), timeZone)}</time>
                </span>
              )}{" "}
              <a href={`/app/posts/${post.id}`}>{excerpt(post.content, 60)}</a> <span className="muted">({kindOf(post)})</span>
            </li>
          ))}
        </ul>
      )}
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
};

const POST_TITLES = { scheduled: "Scheduled post", published: "Published post", draft: "Draft" } as const;

/**
 * A post opened from the calendar: when, where and its first words, links to it, and for a scheduled
 * post the keyboard's way to move it: a date and a time in the calendar's zone.
 */
export const PostDialog = ({
  post,
  timeZone,
  today,
  platformNames,
  onClose,
  onMove,
}: {
  readonly post: CalendarPost | null;
  readonly timeZone: string;
  readonly today: string;
  readonly platformNames: Readonly<Record<string, string>>;
  readonly onClose: () => void;
  /** Resolves to null once moved, else why not. */
  readonly onMove: (postId: string, scheduledAt: string) => Promise<string | null>;
}) => {
  const kind = post ? kindOf(post) : "draft";
  return (
    <Dialog
      open={post !== null}
      title={POST_TITLES[kind]}
      description={post && kind !== "draft" ? whenOf(atOf(post), timeZone) : post ? "Not scheduled yet" : undefined}
      onClose={onClose}
    >
      {post && (
        <div className="cal-post-dialog">
          <p className="cal-post-platforms">
            {post.platforms.map((p) => (
              <span key={p} className="cal-post-platform">
                <PlatformBadge platform={p} size="tiny" /> {platformNames[p] ?? p}
              </span>
            ))}
            {post.isRecurring && <span className="muted">Repeats</span>}
          </p>
          <p className="cal-post-content">{excerpt(post.content, 200)}</p>
          {isMovable(post) ? (
            <MoveForm post={post} timeZone={timeZone} today={today} onClose={onClose} onMove={onMove} />
          ) : (
            <div className="ui-dialog-actions">
              <a className="btn btn-outline" href={`/app/posts/${post.id}`}>
                Open post
              </a>
              {kind === "draft" && (
                <a className="btn btn-primary" href={`/app/compose?post=${post.id}`}>
                  Edit draft
                </a>
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
};

const MoveForm = ({
  post,
  timeZone,
  today,
  onClose,
  onMove,
}: {
  post: CalendarPost;
  timeZone: string;
  today: string;
  onClose: () => void;
  onMove: (postId: string, scheduledAt: string) => Promise<string | null>;
}) => {
  const [date, setDate] = useState(dayOfInstant(post.scheduledAt!, timeZone));
  const [time, setTime] = useState(clockOf(post.scheduledAt!, timeZone));
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const scheduledAt = instantOfInputs(date, time, timeZone);
    if (!scheduledAt) {
      setError(date ? "Choose a time." : "Choose a date.");
      return;
    }
    if (scheduledAt === new Date(post.scheduledAt!).toISOString()) {
      onClose();
      return;
    }
    setMoving(true);
    setError(null);
    const refusal = await onMove(post.id, scheduledAt);
    setMoving(false);
    if (refusal) setError(refusal);
    else onClose();
  };

  return (
    <form className="cal-move-form" data-requires="manage_posts" noValidate onSubmit={(e) => void submit(e)} aria-label="Move post">
      <div className="cal-move-fields">
        <div className="field">
          <label htmlFor="cal-move-date">Date</label>
          <input id="cal-move-date" className="input" type="date" min={today} value={date} required onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="cal-move-time">Time</label>
          <input id="cal-move-time" className="input" type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
        </div>
      </div>
      <p className="muted cal-move-zone">
        In {timeZone.replaceAll("_", " ")} ({zoneOffset(timeZone, new Date())}), the calendar&apos;s time zone.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="ui-dialog-actions">
        <a className="btn btn-ghost cal-open-post" href={`/app/posts/${post.id}`}>
          Open post
        </a>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={moving}>
          {moving ? "Moving..." : "Move post"}
        </button>
      </div>
    </form>
  );
};
