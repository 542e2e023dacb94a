import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_NOTE_COLOR, NOTE_COLOR_NAMES, NOTE_COLORS } from "../../../domain/calendar/rules";
import type { CalendarNote } from "../../../infra/calendar/CalendarNotes";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import type { PostView } from "../../../infra/publishing/PostQueries";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorMessage, apiFetch, apiRefusal } from "../../lib/api-client";
import { excerpt } from "../../lib/text";
import { toast } from "../../islands/toast/toast-store";
import {
  atOf,
  CALENDAR_PER_DAY,
  type CalendarFilter,
  type CalendarView,
  CHOOSE_TITLE,
  dayOfPost,
  expectedVersionOf,
  FILTERS,
  gridDays,
  hasHiddenPosts,
  instantRange,
  kindOf,
  longDay,
  matchesFilter,
  monthOf,
  moveFailure,
  moveKeepingTime,
  NOTE_DOTS,
  NOTE_TOASTS,
  noteColorClass,
  relocatePost,
  shiftAnchor,
  timeOf,
  titleOf,
  todayIn,
} from "./calendar-model";
import "./calendar.css";

interface Props {
  /** The month grid of `initialAnchor`, as GET /api/calendar answers it. */
  readonly initialDays: ReadonlyArray<CalendarDay> | null;
  readonly initialNotes: ReadonlyArray<CalendarNote> | null;
  /** The anchor day the server loaded (today in the user's zone). */
  readonly initialAnchor: string;
  readonly timeZone: string;
}

type NoteEditor = { readonly day: string; readonly note: CalendarNote | null } | null;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const LOAD_FAILED = "We could not load your calendar. Check your connection and try again.";

/** Posts listed in a day's cell before "+N more": a month cell is small, a week column tall. */
const SHOWN_PER_DAY: Record<CalendarView, number> = { month: CALENDAR_PER_DAY, week: 12 };

const rangeKeyOf = (view: CalendarView, days: ReadonlyArray<string>) => `${view}:${days[0]}:${days[days.length - 1]}`;

const countOf = (summary: CalendarDay | undefined, filter: CalendarFilter) =>
  !summary ? 0 : filter === "scheduled" ? summary.scheduled : filter === "published" ? summary.published : summary.scheduled + summary.published + summary.drafts;

export default function Calendar({ initialDays, initialNotes, initialAnchor, timeZone }: Props) {
  const hydrated = useHydrated();
  const [view, setView] = useState<CalendarView>("month");
  const [anchor, setAnchor] = useState(initialAnchor);
  const [filter, setFilter] = useState<CalendarFilter>("all");
  const [summaries, setSummaries] = useState<ReadonlyArray<CalendarDay>>(initialDays ?? []);
  const [notes, setNotes] = useState<ReadonlyArray<CalendarNote>>(initialNotes ?? []);
  const [loadError, setLoadError] = useState<string | null>(initialDays === null || initialNotes === null ? LOAD_FAILED : null);
  const [loading, setLoading] = useState(false);
  const [today, setToday] = useState(initialAnchor);
  const [choose, setChoose] = useState<string | null>(null);
  const [editor, setEditor] = useState<NoteEditor>(null);
  const [content, setContent] = useState("");
  const [color, setColor] = useState<string>(DEFAULT_NOTE_COLOR);
  const [contentError, setContentError] = useState<string | null>(null);
  /** Why the server refused the last save or delete of the note, shown in its dialog (the toast keeps the spec's text). */
  const [noteRefusal, setNoteRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [moving, setMoving] = useState<ReadonlySet<string>>(new Set());
  const [dropDay, setDropDay] = useState<string | null>(null);
  const [dayList, setDayList] = useState<{ readonly day: string; readonly posts: ReadonlyArray<PostView> | null; readonly error: string | null } | null>(null);
  // The server loaded the month grid of the first render (when it could); any other range is fetched.
  const serverRange = initialDays && initialNotes ? rangeKeyOf("month", gridDays(initialAnchor, "month")) : "";
  const loaded = useRef(serverRange);
  /** The range whose posts and notes are on screen (data-shown-range: tests and tools wait on it). */
  const [shownRange, setShownRange] = useState(serverRange);
  const request = useRef(0);

  useEffect(() => setToday(todayIn(timeZone)), [timeZone]);

  const days = useMemo(() => gridDays(anchor, view), [anchor, view]);
  const rangeKey = rangeKeyOf(view, days);

  const load = async () => {
    const id = ++request.current;
    const range = rangeKey;
    setLoading(true);
    try {
      const [dayList, noteList] = await Promise.all([
        apiFetch<CalendarDay[]>(`/api/calendar?from=${days[0]}&to=${days[days.length - 1]}&perDay=${SHOWN_PER_DAY[view]}`),
        apiFetch<CalendarNote[]>(`/api/calendar-notes?from=${days[0]}&to=${days[days.length - 1]}`),
      ]);
      if (id !== request.current) return;
      setSummaries(dayList);
      setNotes(noteList);
      setShownRange(range);
      setLoadError(null);
    } catch (error) {
      if (id === request.current) setLoadError(apiErrorMessage(error, LOAD_FAILED));
    } finally {
      if (id === request.current) setLoading(false);
    }
  };

  /** The latest `load` (of the range on screen now), for a toast's Reload clicked later. */
  const latestLoad = useRef(load);
  latestLoad.current = load;

  useEffect(() => {
    if (loaded.current === rangeKey) return;
    loaded.current = rangeKey;
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rangeKey]);

  const summaryByDay = useMemo(() => new Map(summaries.map((s) => [s.day, s])), [summaries]);
  const shownPerDay = SHOWN_PER_DAY[view];
  /** The posts a day's cell lists under the filter, by time (the server sends the first few of each kind). */
  const postsOfDay = (day: string): ReadonlyArray<CalendarPost> =>
    (summaryByDay.get(day)?.posts ?? [])
      .filter((p) => matchesFilter(p, filter))
      .sort((a, b) => atOf(a).localeCompare(atOf(b)))
      .slice(0, shownPerDay);
  const notesByDay = useMemo(() => {
    const map = new Map<string, CalendarNote[]>();
    for (const note of notes) map.set(note.date, [...(map.get(note.date) ?? []), note]);
    return map;
  }, [notes]);

  const isPast = (day: string) => day < today;
  const month = monthOf(anchor);

  const openNote = (day: string, note: CalendarNote | null) => {
    setChoose(null);
    setEditor({ day, note });
    setContent(note?.content ?? "");
    setColor(note?.color ?? DEFAULT_NOTE_COLOR);
    setContentError(null);
    setNoteRefusal(null);
  };

  const saveNote = async () => {
    if (!editor) return;
    if (content.trim() === "") {
      setContentError(NOTE_TOASTS.contentRequired);
      toast({ title: NOTE_TOASTS.errorTitle, description: NOTE_TOASTS.contentRequired, variant: "destructive" });
      return;
    }
    setSaving(true);
    setNoteRefusal(null);
    try {
      if (editor.note) {
        const saved = await apiFetch<CalendarNote>(`/api/calendar-notes/${editor.note.id}`, { method: "PUT", body: { content, color } });
        setNotes((list) => list.map((n) => (n.id === saved.id ? saved : n)));
        toast({ title: NOTE_TOASTS.updated });
      } else {
        const saved = await apiFetch<CalendarNote>("/api/calendar-notes", { method: "POST", body: { date: editor.day, content, color } });
        setNotes((list) => [...list, saved]);
        toast({ title: NOTE_TOASTS.created });
      }
      setEditor(null);
    } catch (error) {
      setNoteRefusal(apiRefusal(error));
      toast({ title: NOTE_TOASTS.errorTitle, description: editor.note ? NOTE_TOASTS.updateFailed : NOTE_TOASTS.createFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const deleteNote = async () => {
    const note = editor?.note;
    if (!note) return;
    setSaving(true);
    setNoteRefusal(null);
    try {
      await apiFetch(`/api/calendar-notes/${note.id}`, { method: "DELETE" });
      setNotes((list) => list.filter((n) => n.id !== note.id));
      toast({ title: NOTE_TOASTS.deleted });
      setEditor(null);
    } catch (error) {
      setNoteRefusal(apiRefusal(error));
      toast({ title: NOTE_TOASTS.errorTitle, description: NOTE_TOASTS.deleteFailed, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  /**
   * Reschedules a scheduled post to another day at the same time. It moves on screen at once; the
   * PUT states the version the calendar listed, so a post someone changed since is refused (409):
   * it goes back where it was, and the toast offers Reload. The post's other fields are read first
   * (PUT takes the whole post).
   */
  const movePost = async (postId: string, day: string) => {
    const listed = summaries.flatMap((s) => s.posts).find((p) => p.id === postId);
    if (!listed || !listed.scheduledAt || kindOf(listed) !== "scheduled" || isPast(day)) return;
    const from = dayOfPost(listed, timeZone);
    if (from === day) return;
    const scheduledAt = moveKeepingTime(listed.scheduledAt, day, timeZone);
    const hidden = hasHiddenPosts(summaries, from, listed);
    setMoving((set) => new Set(set).add(postId));
    setSummaries((list) => relocatePost(list, { ...listed, scheduledAt }, timeZone));
    try {
      const post = await apiFetch<PostView>(`/api/posts/${postId}`);
      const expectedVersion = expectedVersionOf(listed) ?? expectedVersionOf(post);
      const saved = await apiFetch<PostView>(`/api/posts/${postId}`, {
        method: "PUT",
        body: {
          ...(expectedVersion !== undefined ? { expectedVersion } : {}),
          content: post.content,
          platforms: post.platforms,
          media: post.media,
          status: "scheduled",
          scheduledAt,
          timeZone: post.timeZone,
          accountIds: post.targets.length > 0 ? post.targets.map((t) => t.accountId) : undefined,
          postType: post.postType,
          businessData: post.businessData,
          locationIds: post.locationIds,
          categoryId: post.categoryId,
          options: post.options,
        },
      });
      // The post as the server keeps it now: its new version (and time) for the next write.
      setSummaries((list) =>
        relocatePost(
          list,
          { ...listed, status: saved.status, scheduledAt: saved.scheduledAt, publishedAt: saved.publishedAt, version: saved.version ?? listed.version },
          timeZone,
        ),
      );
      // The day it left may now show a post it listed beyond its first few.
      if (hidden) void load();
      toast({ title: "Success", description: `Post moved to ${longDay(day)}.` });
    } catch (error) {
      setSummaries((list) => relocatePost(list, listed, timeZone));
      const failure = moveFailure(error);
      toast({
        title: failure.title,
        description: failure.description,
        variant: "destructive",
        ...(failure.reload ? { action: { label: "Reload", onClick: () => void latestLoad.current() } } : {}),
      });
    } finally {
      setMoving((set) => {
        const next = new Set(set);
        next.delete(postId);
        return next;
      });
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>, day: string) => {
    if (isPast(day) || !event.dataTransfer.types.includes("application/x-socialdesk-post")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (dropDay !== day) setDropDay(day);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>, day: string) => {
    const id = event.dataTransfer.getData("application/x-socialdesk-post");
    setDropDay(null);
    if (!id || isPast(day)) return;
    event.preventDefault();
    void movePost(id, day);
  };

  const dayLabel = (day: string, scheduled: number, published: number, noteCount: number) =>
    [
      longDay(day),
      day === today ? "today" : null,
      scheduled ? `${scheduled} scheduled` : null,
      published ? `${published} published` : null,
      noteCount ? `${noteCount} ${noteCount === 1 ? "note" : "notes"}` : null,
    ]
      .filter(Boolean)
      .join(", ");

  /** Every post of one day under the filter, for the "+N more" list (a day holds far fewer than 1,000). */
  const openDayList = async (day: string) => {
    setDayList({ day, posts: null, error: null });
    try {
      const range = instantRange([day], timeZone);
      const list = await apiFetch<PostView[]>(`/api/posts?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}&limit=1000`);
      const sorted = list.filter((p) => matchesFilter(p, filter)).sort((a, b) => atOf(a).localeCompare(atOf(b)));
      setDayList((open) => (open?.day === day ? { day, posts: sorted, error: null } : open));
    } catch (error) {
      setDayList((open) => (open?.day === day ? { day, posts: null, error: apiErrorMessage(error, "We could not load this day's posts. Try again.") } : open));
    }
  };

  const chooseNotes = choose ? (notesByDay.get(choose) ?? []) : [];

  return (
    <div className="cal" data-testid="calendar" data-hydrated={hydrated ? "true" : undefined}>
      <div className="card cal-toolbar">
        <div className="cal-nav">
          <button type="button" className="btn btn-ghost cal-arrow" aria-label={view === "month" ? "Previous month" : "Previous week"} disabled={!hydrated} onClick={() => setAnchor((a) => shiftAnchor(a, view, -1))}>
            ‹
          </button>
          <h1 className="cal-title" aria-live="polite" data-testid="calendar-title">{titleOf(view === "month" ? anchor : days[0]!)}</h1>
          <button type="button" className="btn btn-ghost cal-arrow" aria-label={view === "month" ? "Next month" : "Next week"} disabled={!hydrated} onClick={() => setAnchor((a) => shiftAnchor(a, view, 1))}>
            ›
          </button>
          <button type="button" className="btn btn-outline" disabled={!hydrated} onClick={() => setAnchor(todayIn(timeZone))}>
            Today
          </button>
        </div>
        <div className="cal-switches">
          <div className="cal-group" role="group" aria-label="View">
            {(["month", "week"] as const).map((v) => (
              <button key={v} type="button" className="cal-toggle" aria-pressed={view === v} disabled={!hydrated} onClick={() => setView(v)}>
                {v === "month" ? "Month" : "Week"}
              </button>
            ))}
          </div>
          <div className="cal-group" role="group" aria-label="Show">
            {FILTERS.map((f) => (
              <button key={f.id} type="button" className="cal-toggle" aria-pressed={filter === f.id} disabled={!hydrated} onClick={() => setFilter(f.id)}>
                {f.label}
              </button>
            ))}
          </div>
        </div>
      </div>

      {loadError && (
        <div className="card cal-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="btn btn-outline" disabled={!hydrated || loading} onClick={() => void load()}>Try again</button>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">{loading ? "Loading calendar" : ""}</p>

      <div className={`card cal-grid cal-grid-${view}`} role="table" aria-label="Calendar" aria-busy={loading} data-testid="calendar-grid" data-range={rangeKey} data-shown-range={shownRange}>
        <div className="cal-row cal-head" role="row">
          {WEEKDAYS.map((d) => (
            <div key={d} role="columnheader" className="cal-weekday">{d}</div>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <div key={week} className="cal-row" role="row">
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const summary = summaryByDay.get(day);
              const dayPosts = postsOfDay(day);
              const more = countOf(summary, filter) - dayPosts.length;
              const dayNotes = notesByDay.get(day) ?? [];
              const scheduled = filter === "published" ? 0 : (summary?.scheduled ?? 0);
              const published = filter === "scheduled" ? 0 : (summary?.published ?? 0);
              const past = isPast(day);
              const classes = [
                "cal-day",
                past ? "cal-past" : "",
                day === today ? "cal-today" : "",
                view === "month" && monthOf(day) !== month ? "cal-outside" : "",
                dropDay === day ? "cal-drop" : "",
              ].join(" ");
              return (
                <div
                  key={day}
                  role="cell"
                  className={classes}
                  data-day={day}
                  data-testid={`day-${day}`}
                  onDragOver={(e) => onDragOver(e, day)}
                  onDragLeave={() => setDropDay((d) => (d === day ? null : d))}
                  onDrop={(e) => onDrop(e, day)}
                >
                  <button
                    type="button"
                    className="cal-day-btn"
                    aria-label={dayLabel(day, scheduled, published, dayNotes.length)}
                    aria-current={day === today ? "date" : undefined}
                    disabled={!hydrated || past}
                    onClick={() => setChoose(day)}
                  >
                    <span className="cal-num" aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="cal-badges" aria-hidden="true">
                      {scheduled > 0 && (
                        <span className="cal-badge cal-badge-scheduled" data-testid="badge-scheduled" title={`${scheduled} Scheduled`}>
                          {scheduled}<span className="cal-badge-word"> Scheduled</span>
                        </span>
                      )}
                      {published > 0 && (
                        <span className="cal-badge cal-badge-published" data-testid="badge-published" title={`${published} Published`}>
                          {published}<span className="cal-badge-word"> Published</span>
                        </span>
                      )}
                    </span>
                    {dayNotes.length > 0 && (
                      <span className="cal-dots" aria-hidden="true" data-testid="note-dots">
                        {dayNotes.slice(0, NOTE_DOTS).map((n) => (
                          <span key={n.id} className="cal-note-line" data-testid="note-line">
                            <span className={`cal-dot ${noteColorClass(n.color)}`} data-testid="note-dot" />
                            {view === "month" && <span className="cal-note-words">{excerpt(n.content, 24)}</span>}
                          </span>
                        ))}
                        {dayNotes.length > NOTE_DOTS && <span className="cal-more" data-testid="note-more">+</span>}
                      </span>
                    )}
                  </button>
                  {view === "week" && dayNotes.length > 0 && (
                    <ul className="cal-notes" aria-label="Notes">
                      {dayNotes.map((n) => (
                        <li key={n.id}>
                          <button type="button" className={`cal-note ${noteColorClass(n.color)}`} disabled={!hydrated} onClick={() => openNote(day, n)} aria-label={`Edit note: ${excerpt(n.content, 40)}`}>
                            {excerpt(n.content, 30)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {dayPosts.length > 0 && (
                    <ul className="cal-posts" aria-label="Posts">
                      {dayPosts.map((post) => {
                        const kind = kindOf(post);
                        const draggable = hydrated && kind === "scheduled" && post.status === "scheduled" && !moving.has(post.id);
                        const at = atOf(post);
                        return (
                          <li
                            key={post.id}
                            className={`cal-post cal-post-${kind}${moving.has(post.id) ? " cal-post-moving" : ""}`}
                            data-testid="calendar-post"
                            data-post-id={post.id}
                            draggable={draggable}
                            onDragStart={(e) => {
                              e.dataTransfer.setData("application/x-socialdesk-post", post.id);
                              e.dataTransfer.effectAllowed = "move";
                            }}
                            onDragEnd={() => setDropDay(null)}
                          >
                            {/* A draft has no slot: marked as one, not shown at the time it was written. */}
                            {kind === "draft" ? (
                              <span className="cal-post-time cal-draft-mark">Draft</span>
                            ) : (
                              <span className="cal-post-time"><time dateTime={at}>{timeOf(at, timeZone)}</time></span>
                            )}{" "}
                            <span className="cal-post-text">{excerpt(post.content, 40)}</span>
                            {post.isRecurring && (
                              <span className="cal-repeat" title="Repeats">
                                <span aria-hidden="true"> ↻</span>
                                <span className="visually-hidden"> (repeats)</span>
                              </span>
                            )}
                            {view === "week" && draggable && (
                              <label className="cal-move">
                                <span>Move to…</span>
                                <input
                                  type="date"
                                  className="input"
                                  min={today}
                                  value=""
                                  aria-label={`Move post to another day: ${excerpt(post.content, 30)}`}
                                  onChange={(e) => {
                                    const value = e.target.value;
                                    if (value && value >= today) void movePost(post.id, value);
                                  }}
                                />
                              </label>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {more > 0 && (
                    <button type="button" className="cal-more-posts" data-testid="more-posts" disabled={!hydrated} onClick={() => void openDayList(day)}>
                      +{more} more
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>

      <Dialog open={choose !== null} title={CHOOSE_TITLE} description={choose ? longDay(choose) : ""} onClose={() => setChoose(null)}>
        {choose && (
          <>
            {chooseNotes.length > 0 && (
              <ul className="cal-choose-notes" aria-label="Notes on this day">
                {chooseNotes.map((n) => (
                  <li key={n.id}>
                    <span className={`cal-dot ${noteColorClass(n.color)}`} aria-hidden="true" />
                    <span className="cal-choose-text">{excerpt(n.content, 60)}</span>
                    <button type="button" className="btn btn-ghost" onClick={() => openNote(choose, n)} aria-label={`Edit note: ${excerpt(n.content, 40)}`}>Edit</button>
                  </li>
                ))}
              </ul>
            )}
            <div className="ui-dialog-actions">
              <a className="btn btn-primary" href={`/app/compose?date=${choose}`}>Create Post</a>
              <button type="button" className="btn btn-outline" onClick={() => openNote(choose, null)}>Add Note</button>
            </div>
          </>
        )}
      </Dialog>

      <Dialog open={dayList !== null} title={dayList ? longDay(dayList.day) : ""} onClose={() => setDayList(null)}>
        {dayList && (
          <>
            {dayList.error && <p role="alert" className="field-error">{dayList.error}</p>}
            {!dayList.posts && !dayList.error && <p className="muted" role="status">Loading posts…</p>}
            {dayList.posts && (
              <ul className="cal-day-list" data-testid="day-list">
                {dayList.posts.map((post) => (
                  <li key={post.id} className={`cal-post cal-post-${kindOf(post)}`}>
                    <span className="cal-post-time"><time dateTime={atOf(post)}>{timeOf(atOf(post), timeZone)}</time></span>{" "}
                    <a href={`/app/posts/${post.id}`}>{excerpt(post.content, 60)}</a>{" "}
                    <span className="muted">({kindOf(post)})</span>
                  </li>
                ))}
              </ul>
            )}
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-outline" onClick={() => setDayList(null)}>Close</button>
            </div>
          </>
        )}
      </Dialog>

      <Dialog
        open={editor !== null}
        title={editor?.note ? "Edit Note" : "Add Note"}
        description={editor ? longDay(editor.day) : undefined}
        onClose={() => setEditor(null)}
      >
        {editor && (
          <form
            className="cal-note-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void saveNote();
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
              {contentError && <p id="cal-note-error" className="field-error">{contentError}</p>}
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
            {noteRefusal && (
              <p className="field-error" role="alert" data-testid="note-refusal">
                {noteRefusal}
              </p>
            )}
            <div className="ui-dialog-actions">
              {editor.note && (
                <button type="button" className="btn btn-danger cal-note-delete" disabled={saving} onClick={() => void deleteNote()}>Delete</button>
              )}
              <button type="button" className="btn btn-outline" onClick={() => setEditor(null)}>Cancel</button>
              <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? "Saving..." : editor.note ? "Update Note" : "Save Note"}</button>
            </div>
          </form>
        )}
      </Dialog>
    </div>
  );
}
