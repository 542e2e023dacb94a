import { type DragEvent, Fragment, useEffect, useMemo, useRef, useState } from "react";
import type { CalendarNote } from "../../../infra/calendar/CalendarNotes";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import type { PostView } from "../../../infra/publishing/PostQueries";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { excerpt } from "../../lib/text";
import { toast } from "../../islands/toast/toast-store";
import {
  atOf,
  badgeCounts,
  CALENDAR_PER_DAY,
  type CalendarFilter,
  type CalendarView,
  countOfFilter,
  dayLabelOf,
  dayOfPost,
  FILTERS,
  gridDays,
  isMovable,
  kindOf,
  matchesFilter,
  monthOf,
  moveKeepingTime,
  NOTE_DOTS,
  noteColorClass,
  POST_DRAG_TYPE,
  shiftAnchor,
  timeOf,
  titleOf,
  todayIn,
  weekTitleOf,
  whenOf,
} from "./calendar-model";
import "./calendar.css";

interface Props {
  /** The month grid of `initialAnchor`, as GET /api/calendar answers it. */
  readonly initialDays: ReadonlyArray<CalendarDay> | null;
  readonly initialNotes: ReadonlyArray<CalendarNote> | null;
  /** The anchor day the server loaded (today in the user's zone). */
  readonly initialAnchor: string;
  readonly timeZone: string;
  /** Platform names by id, for the logos' accessible names. */
  readonly platformNames: Readonly<Record<string, string>>;
}

type Later = typeof import("./calendar-later");

/** The week view and the dialogs, loaded once, when first pointed at or pressed. */
let laterModule: Promise<Later> | null = null;
const loadLater = () =>
  (laterModule ??= import("./calendar-later").catch((error: unknown) => {
    laterModule = null;
    throw error;
  }));

/** Controls whose use needs the later module: pointing at one starts loading it. */
const WANTS_LATER = ".cal-day-btn, .cal-post-btn, .cal-more-posts, .cal-toggle-week";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const LATER_FAILED = "We could not load this part of the calendar. Check your connection and try again.";

const LOAD_FAILED = "We could not load your calendar. Check your connection and try again.";

/** Posts of each kind listed per day: a month cell is small, a week column tall. */
const SHOWN_PER_DAY: Record<CalendarView, number> = { month: CALENDAR_PER_DAY, week: 12 };

const rangeKeyOf = (view: CalendarView, days: ReadonlyArray<string>) => `${view}:${days[0]}:${days[days.length - 1]}`;

/** A day's counts of scheduled and published posts, as the month's cells and the week's header show them. */
/** What a day's badges say, for its button's name ("2 Scheduled"). */
const badgeWords = (scheduled: number, published: number) =>
  [scheduled > 0 ? `${scheduled} Scheduled` : null, published > 0 ? `${published} Published` : null].filter((word) => word !== null);

export const DayBadges = ({ scheduled, published }: { readonly scheduled: number; readonly published: number }) => (
  <span className="cal-badges" aria-hidden="true">
    {scheduled > 0 && (
      <span className="cal-badge cal-badge-scheduled" data-testid="badge-scheduled" title={`${scheduled} Scheduled`}>
        {scheduled} <span className="cal-badge-word">Scheduled</span>
      </span>
    )}{" "}
    {published > 0 && (
      <span className="cal-badge cal-badge-published" data-testid="badge-published" title={`${published} Published`}>
        {published} <span className="cal-badge-word">Published</span>
      </span>
    )}
  </span>
);

export default function Calendar({ initialDays, initialNotes, initialAnchor, timeZone, platformNames }: Props) {
  const hydrated = useHydrated();
  const [view, setView] = useState<CalendarView>("month");
  const [anchor, setAnchor] = useState(initialAnchor);
  const [filter, setFilter] = useState<CalendarFilter>("all");
  const [summaries, setSummaries] = useState<ReadonlyArray<CalendarDay>>(initialDays ?? []);
  const [notes, setNotes] = useState<ReadonlyArray<CalendarNote>>(initialNotes ?? []);
  const [loadError, setLoadError] = useState<string | null>(initialDays === null || initialNotes === null ? LOAD_FAILED : null);
  const [loading, setLoading] = useState(false);
  const [today, setToday] = useState(initialAnchor);
  const [later, setLater] = useState<Later | null>(null);
  const [choose, setChoose] = useState<string | null>(null);
  const [editor, setEditor] = useState<{ readonly day: string; readonly note: CalendarNote | null } | null>(null);
  const [dayList, setDayList] = useState<{ readonly day: string; readonly hour: number | null } | null>(null);
  const [openPost, setOpenPost] = useState<CalendarPost | null>(null);
  const [moving, setMoving] = useState<ReadonlySet<string>>(new Set());
  const [dropDay, setDropDay] = useState<string | null>(null);
  // The server loaded the month grid of the first render (when it could); any other range is fetched.
  const serverRange = initialDays && initialNotes ? rangeKeyOf("month", gridDays(initialAnchor, "month")) : "";
  const loaded = useRef(serverRange);
  /** The range whose posts and notes are on screen (data-shown-range: tests and tools wait on it). */
  const [shownRange, setShownRange] = useState(serverRange);
  const request = useRef(0);

  useEffect(() => setToday(todayIn(timeZone)), [timeZone]);

  /** Says the later module could not be loaded, and answers why (the move form shows it). */
  const failedToLoad = () => {
    toast({ title: "Error", description: LATER_FAILED, variant: "destructive" });
    return LATER_FAILED;
  };

  const wantLater = () => {
    if (!later) loadLater().then(setLater, failedToLoad);
  };

  const days = useMemo(() => gridDays(anchor, view), [anchor, view]);
  const rangeKey = rangeKeyOf(view, days);

  const load = async () => {
    const id = ++request.current;
    const range = rangeKey;
    setLoading(true);
    try {
      const [dayList, noteList] = await Promise.all([
        api.get("/api/calendar", { query: { from: days[0]!, to: days[days.length - 1]!, perDay: String(SHOWN_PER_DAY[view]) } }),
        api.get("/api/calendar-notes", { query: { from: days[0]!, to: days[days.length - 1]! } }),
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
  /** The posts a month cell lists under the filter, by time (the server sends the first few of each kind). */
  const postsOfDay = (day: string): ReadonlyArray<CalendarPost> =>
    (summaryByDay.get(day)?.posts ?? [])
      .filter((p) => matchesFilter(p, filter))
      .sort((a, b) => atOf(a).localeCompare(atOf(b)))
      .slice(0, CALENDAR_PER_DAY);
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
    wantLater();
  };

  /** Moves a post (move-post.ts), loading the module first when a drag outran it. */
  const movePost = (postId: string, scheduledAt: string) =>
    loadLater().then(
      (moves) => moves.movePost({ summaries, timeZone, setSummaries, setMoving, reload: () => void latestLoad.current() }, postId, scheduledAt),
      () => failedToLoad(),
    );

  /** A month cell takes a post on another day at the time it had. */
  const onDragOver = (event: DragEvent<HTMLDivElement>, day: string) => {
    if (isPast(day) || !event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (dropDay !== day) setDropDay(day);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>, day: string) => {
    const id = event.dataTransfer.getData(POST_DRAG_TYPE);
    setDropDay(null);
    const listed = summaries.flatMap((s) => s.posts).find((p) => p.id === id);
    if (!listed?.scheduledAt || isPast(day) || dayOfPost(listed, timeZone) === day) return;
    event.preventDefault();
    void movePost(listed.id, moveKeepingTime(listed.scheduledAt, day, timeZone));
  };

  const title = view === "month" ? titleOf(anchor) : weekTitleOf(days);

  return (
    <div
      className="cal"
      data-testid="calendar"
      data-hydrated={hydrated ? "true" : undefined}
      onPointerOver={(e) => {
        if (!later && (e.target as Element).closest?.(WANTS_LATER)) wantLater();
      }}
    >
      <div className="card cal-toolbar">
        <div className="cal-nav">
          <button
            type="button"
            className="btn btn-ghost cal-arrow"
            aria-label={view === "month" ? "Previous month" : "Previous week"}
            disabled={!hydrated}
            onClick={() => setAnchor((a) => shiftAnchor(a, view, -1))}
          >
            ‹
          </button>
          <h1 className="cal-title" aria-live="polite" data-testid="calendar-title">
            {title}
          </h1>
          <button
            type="button"
            className="btn btn-ghost cal-arrow"
            aria-label={view === "month" ? "Next month" : "Next week"}
            disabled={!hydrated}
            onClick={() => setAnchor((a) => shiftAnchor(a, view, 1))}
          >
            ›
          </button>
          <button type="button" className="btn btn-outline" disabled={!hydrated} onClick={() => setAnchor(todayIn(timeZone))}>
            Today
          </button>
        </div>
        <div className="cal-switches">
          <div className="cal-group" role="group" aria-label="View">
            {(["month", "week"] as const).map((v) => (
              <button
                key={v}
                type="button"
                className={`cal-toggle cal-toggle-${v}`}
                aria-pressed={view === v}
                disabled={!hydrated}
                onClick={() => {
                  if (v === "week") wantLater();
                  setView(v);
                }}
              >
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
          <button type="button" className="btn btn-outline" disabled={!hydrated || loading} onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? "Loading calendar" : ""}
      </p>

      {view === "week" ? (
        later ? (
          <later.WeekGrid
            days={days}
            title={title}
            timeZone={timeZone}
            filter={filter}
            summaryByDay={summaryByDay}
            notesByDay={notesByDay}
            moving={moving}
            loading={loading}
            rangeKey={rangeKey}
            shownRange={shownRange}
            platformNames={platformNames}
            onChooseDay={setChoose}
            onOpenNote={openNote}
            onOpenPost={setOpenPost}
            onMoreOf={(day) => setDayList({ day, hour: null })}
            onMoreOfHour={(day, hour) => setDayList({ day, hour })}
            onMove={movePost}
          />
        ) : (
          <p className="card cal-week-loading muted" role="status">
            Loading the week…
          </p>
        )
      ) : (
        <div
          className="card cal-grid cal-grid-month"
          role="table"
          aria-label="Calendar"
          aria-busy={loading}
          data-testid="calendar-grid"
          data-range={rangeKey}
          data-shown-range={shownRange}
        >
          <div className="cal-row cal-head" role="row">
            {WEEKDAYS.map((d) => (
              <div key={d} role="columnheader" className="cal-weekday">
                {d}
              </div>
            ))}
          </div>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <div key={week} className="cal-row" role="row">
              {days.slice(week * 7, week * 7 + 7).map((day) => {
                const summary = summaryByDay.get(day);
                const dayPosts = postsOfDay(day);
                const more = countOfFilter(summary, filter) - dayPosts.length;
                const dayNotes = notesByDay.get(day) ?? [];
                const { scheduled, published } = badgeCounts(summary, filter);
                const past = isPast(day);
                const classes = [
                  "cal-day",
                  past ? "cal-past" : "",
                  day === today ? "cal-today" : "",
                  monthOf(day) !== month ? "cal-outside" : "",
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
                      aria-label={dayLabelOf(day, { today, notes: dayNotes.length }, [
                        String(Number(day.slice(8))),
                        ...badgeWords(scheduled, published),
                        ...dayNotes.slice(0, NOTE_DOTS).map((n) => excerpt(n.content, 24)),
                      ])}
                      aria-current={day === today ? "date" : undefined}
                      disabled={!hydrated || past}
                      onClick={() => {
                        setChoose(day);
                        wantLater();
                      }}
                    >
                      {/* The spaces between the parts (a flex or grid box shows none) keep the words apart in the text read out of the button, as in its name. */}
                      <span className="cal-num" aria-hidden="true">
                        {Number(day.slice(8))}
                      </span>{" "}
                      <DayBadges scheduled={scheduled} published={published} />{" "}
                      {dayNotes.length > 0 && (
                        <span className="cal-dots" aria-hidden="true" data-testid="note-dots">
                          {dayNotes.slice(0, NOTE_DOTS).map((n) => (
                            <Fragment key={n.id}>
                              {" "}
                              <span className="cal-note-line" data-testid="note-line">
                                <span className={`cal-dot ${noteColorClass(n.color)}`} data-testid="note-dot" />
                                <span className="cal-note-words">{excerpt(n.content, 24)}</span>
                              </span>
                            </Fragment>
                          ))}
                          {dayNotes.length > NOTE_DOTS && (
                            <span className="cal-more" data-testid="note-more">
                              +
                            </span>
                          )}
                        </span>
                      )}
                    </button>
                    {dayPosts.length > 0 && (
                      <ul className="cal-posts" aria-label="Posts">
                        {dayPosts.map((post) => {
                          const kind = kindOf(post);
                          const at = atOf(post);
                          return (
                            <li
                              key={post.id}
                              className={`cal-post cal-post-${kind}${moving.has(post.id) ? " cal-post-moving" : ""}`}
                              data-testid="calendar-post"
                              data-post-id={post.id}
                              draggable={hydrated && isMovable(post) && !moving.has(post.id)}
                              onDragStart={(e) => {
                                e.dataTransfer.setData(POST_DRAG_TYPE, post.id);
                                e.dataTransfer.effectAllowed = "move";
                              }}
                              onDragEnd={() => setDropDay(null)}
                            >
                              <button
                                type="button"
                                className="cal-post-btn"
                                disabled={!hydrated}
                                onClick={() => {
                                  setOpenPost(post);
                                  wantLater();
                                }}
                              >
                                {/* A draft has no slot: marked as one, not shown at the time it was written. */}
                                {kind === "draft" ? (
                                  <span className="cal-post-time cal-draft-mark">{post.status === "awaiting_approval" ? "Awaiting approval" : "Draft"}</span>
                                ) : (
                                  <span className="cal-post-time">
                                    <time dateTime={at}>{timeOf(at, timeZone)}</time>
                                  </span>
                                )}{" "}
                                <span className="cal-post-text">{excerpt(post.content, 40)}</span>
                                {post.isRecurring && (
                                  <span className="cal-repeat" title="Repeats">
                                    <span aria-hidden="true"> ↻</span>
                                    <span className="visually-hidden"> (repeats)</span>
                                  </span>
                                )}
                              </button>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                    {more > 0 && (
                      <button
                        type="button"
                        className="cal-more-posts"
                        data-testid="more-posts"
                        disabled={!hydrated}
                        onClick={() => {
                          setDayList({ day, hour: null });
                          wantLater();
                        }}
                      >
                        +{more} more
                      </button>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}

      {later && (
        <>
          <later.ChooseDialog
            day={choose}
            notes={choose ? (notesByDay.get(choose) ?? []) : []}
            onClose={() => setChoose(null)}
            onEditNote={(note) => openNote(choose!, note)}
            onAddNote={() => openNote(choose!, null)}
          />
          <later.DayListDialog list={dayList} filter={filter} timeZone={timeZone} onClose={() => setDayList(null)} />
          <later.NoteDialog
            editor={editor}
            onClose={() => setEditor(null)}
            onSaved={(saved) => setNotes((list) => (list.some((n) => n.id === saved.id) ? list.map((n) => (n.id === saved.id ? saved : n)) : [...list, saved]))}
            onDeleted={(id) => setNotes((list) => list.filter((n) => n.id !== id))}
          />
          <later.PostDialog
            post={openPost}
            timeZone={timeZone}
            today={today}
            platformNames={platformNames}
            onClose={() => setOpenPost(null)}
            onMove={movePost}
          />
        </>
      )}
    </div>
  );
}
