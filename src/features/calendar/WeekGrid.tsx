import { type CSSProperties, type DragEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { CalendarNote } from "../../../infra/calendar/CalendarNotes";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import { zoneOffset } from "../../components/forms/time-zone-model";
import { excerpt } from "../../lib/text";
import { PlatformBadge } from "../accounts/platform-badge";
// Calendar is always loaded before the week: the same badges as its month cells.
import { DayBadges } from "./Calendar";
import {
  atOf,
  badgeCounts,
  type CalendarFilter,
  countOfFilter,
  dayLabelOf,
  isMovable,
  kindOf,
  longDay,
  matchesFilter,
  noteColorClass,
  POST_DRAG_TYPE,
  timeOf,
  todayIn,
} from "./calendar-model";
import { DAY_MINUTES, dropMinutes, formatWeekday, hourLabel, instantOfSlot, minuteOfDay, openingMinute, stackHours } from "./week-model";

interface Props {
  readonly days: ReadonlyArray<string>;
  readonly title: string;
  readonly timeZone: string;
  readonly filter: CalendarFilter;
  readonly summaryByDay: ReadonlyMap<string, CalendarDay>;
  readonly notesByDay: ReadonlyMap<string, ReadonlyArray<CalendarNote>>;
  /** Posts whose move is on its way to the server. */
  readonly moving: ReadonlySet<string>;
  readonly loading: boolean;
  readonly rangeKey: string;
  readonly shownRange: string;
  readonly platformNames: Readonly<Record<string, string>>;
  readonly onChooseDay: (day: string) => void;
  readonly onOpenNote: (day: string, note: CalendarNote) => void;
  readonly onOpenPost: (post: CalendarPost) => void;
  readonly onMoreOf: (day: string) => void;
  /** "+N more" of a busy hour: its posts listed. */
  readonly onMoreOfHour: (day: string, hour: number) => void;
  readonly onMove: (postId: string, scheduledAt: string) => Promise<string | null>;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Logos a chip shows before "+N": its first words need the rest of the line. */
const CHIP_LOGOS = 1;

/** A block's place as CSS variables: set through the CSSOM on the client, which the CSP allows (unlike style attributes). */
const placeAt = (vars: Record<string, number>) => Object.fromEntries(Object.entries(vars).map(([name, value]) => [`--${name}`, value])) as CSSProperties;

/**
 * The week as Google Calendar and Later show it: the days as columns under a sticky header of
 * weekday and date, the zone's 24 hours as rows beside a sticky time gutter, each post a one-line chip
 * in its hour with its time, platform logos and first words, a busy hour's chips stacked and "+N more"
 * past what fits (stackHours). Notes and drafts (which have no time) sit in
 * a row above the hours. A scheduled post is dragged to another day and time, landing on a quarter
 * hour; slots already past take no drop. On a phone the columns scroll sideways inside the grid.
 */
export default function WeekGrid(props: Props) {
  const { days, title, timeZone, filter, summaryByDay, notesByDay, moving, platformNames } = props;
  const [now, setNow] = useState(() => Date.now());
  const [drop, setDrop] = useState<{ readonly day: string; readonly minutes: number } | null>(null);
  /** Where the dragged block was grabbed, below its top: it lands where its top is dropped. */
  const grabOffset = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const today = todayIn(timeZone, new Date(now));
  const nowMinute = minuteOfDay(new Date(now).toISOString(), timeZone);
  const isOpen = (day: string, minutes: number) => Date.parse(instantOfSlot(day, minutes, timeZone)) > Date.now();

  const postsOf = (day: string) => (summaryByDay.get(day)?.posts ?? []).filter((p) => matchesFilter(p, filter));
  const timedOf = (day: string) => postsOf(day).filter((p) => kindOf(p) !== "draft");
  const shown = props.shownRange === props.rangeKey;

  // Opened at the working day (or the first post, when earlier), and at today's column on a narrow screen.
  useLayoutEffect(() => {
    const box = scroller.current;
    const hours = body.current;
    if (!shown || scrolled.current || !box || !hours) return;
    scrolled.current = true;
    const starts = days.flatMap((day) => timedOf(day).map((p) => minuteOfDay(atOf(p), timeZone)));
    const perMinute = hours.getBoundingClientRect().height / DAY_MINUTES;
    const bodyTop = hours.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = bodyTop + openingMinute(starts) * perMinute - (head.current?.offsetHeight ?? 0);
    const column = box.querySelector<HTMLElement>(`[data-day="${today}"]`);
    const gutter = box.querySelector<HTMLElement>(".cal-week-hours");
    if (column && box.scrollWidth > box.clientWidth) box.scrollLeft = column.offsetLeft - (gutter?.offsetWidth ?? 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const minutesAt = (event: DragEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return dropMinutes({ pointerY: event.clientY, grabOffset: grabOffset.current, columnTop: rect.top, columnHeight: rect.height });
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>, day: string) => {
    if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
    const minutes = minutesAt(event);
    if (!isOpen(day, minutes)) {
      if (drop) setDrop(null);
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (drop?.day !== day || drop.minutes !== minutes) setDrop({ day, minutes });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>, day: string) => {
    const id = event.dataTransfer.getData(POST_DRAG_TYPE);
    const minutes = minutesAt(event);
    setDrop(null);
    if (!id || !isOpen(day, minutes)) return;
    event.preventDefault();
    void props.onMove(id, instantOfSlot(day, minutes, timeZone));
  };

  const hasTimeless = days.some((day) => (notesByDay.get(day)?.length ?? 0) > 0 || postsOf(day).some((p) => kindOf(p) === "draft") || moreOf(day) > 0);
  function moreOf(day: string) {
    return countOfFilter(summaryByDay.get(day), filter) - postsOf(day).length;
  }

  return (
    <div className="card cal-week-card" data-testid="calendar-grid" data-range={props.rangeKey} data-shown-range={props.shownRange} aria-busy={props.loading}>
      <div className="cal-week-scroll" ref={scroller}>
        <div className="cal-week" role="table" aria-label={`Week of ${title}`}>
          <div className="cal-week-top" role="rowgroup" ref={head}>
            <div className="cal-week-row cal-week-head" role="row">
              <div className="cal-week-corner" role="columnheader">
                <span className="visually-hidden">Time ({timeZone})</span>
                {/* "GMT" over "+5:30": the offset fits the narrow gutter. */}
                {zoneOffset(timeZone, new Date(now))
                  .split(/(?=[+-])/)
                  .map((part) => (
                    <span key={part} aria-hidden="true" title={timeZone}>
                      {part}
                    </span>
                  ))}
              </div>
              {days.map((day) => {
                const summary = summaryByDay.get(day);
                const { scheduled, published } = badgeCounts(summary, filter);
                const past = day < today;
                return (
                  <div
                    key={day}
                    role="columnheader"
                    className={`cal-week-day${past ? " cal-past" : ""}${day === today ? " cal-today" : ""}`}
                    data-testid={`week-day-${day}`}
                  >
                    <button
                      type="button"
                      className="cal-day-btn cal-week-date"
                      aria-label={dayLabelOf(day, { today, scheduled, published, notes: notesByDay.get(day)?.length ?? 0 }, [`${formatWeekday(day)} ${Number(day.slice(8))}`])}
                      aria-current={day === today ? "date" : undefined}
                      disabled={past}
                      onClick={() => props.onChooseDay(day)}
                    >
                      <span className="cal-week-weekday" aria-hidden="true">
                        {formatWeekday(day)}
                      </span>{" "}
                      <span className="cal-num" aria-hidden="true">
                        {Number(day.slice(8))}
                      </span>
                    </button>
                    {(scheduled > 0 || published > 0) && <DayBadges scheduled={scheduled} published={published} />}
                  </div>
                );
              })}
            </div>

            {hasTimeless && (
              <div className="cal-week-row cal-week-allday" role="row">
                <div className="cal-week-gutter" role="rowheader">
                  <span className="visually-hidden">Notes and drafts</span>
                </div>
                {days.map((day) => {
                  const dayNotes = notesByDay.get(day) ?? [];
                  const drafts = postsOf(day).filter((p) => kindOf(p) === "draft");
                  const more = moreOf(day);
                  return (
                    <div key={day} role="cell" className={`cal-week-timeless${day < today ? " cal-past" : ""}`}>
                      {dayNotes.length > 0 && (
                        <ul className="cal-notes" aria-label="Notes">
                          {dayNotes.map((n) => (
                            <li key={n.id}>
                              <button
                                type="button"
                                className={`cal-note ${noteColorClass(n.color)}`}
                                onClick={() => props.onOpenNote(day, n)}
                                aria-label={`Edit note: ${excerpt(n.content, 40)}`}
                              >
                                {excerpt(n.content, 30)}
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                      {drafts.length > 0 && (
                        <ul className="cal-posts" aria-label="Drafts">
                          {drafts.map((post) => (
                            <li key={post.id} className="cal-post cal-post-draft" data-testid="calendar-post" data-post-id={post.id}>
                              <button type="button" className="cal-post-btn" onClick={() => props.onOpenPost(post)}>
                                <span className="cal-post-time cal-draft-mark">{post.status === "awaiting_approval" ? "Awaiting approval" : "Draft"}</span>{" "}
                                <span className="cal-post-text">{excerpt(post.content, 40)}</span>
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                      {more > 0 && (
                        <button type="button" className="cal-more-posts" data-testid="more-posts" onClick={() => props.onMoreOf(day)}>
                          +{more} more
                        </button>
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </div>

          <div className="cal-week-row cal-week-body" role="row" ref={body}>
            <div className="cal-week-hours" role="rowheader">
              <span className="visually-hidden">Times of day</span>
              {HOURS.map((hour) => (
                <span key={hour} className="cal-hour" aria-hidden="true">
                  {hour > 0 ? hourLabel(hour) : ""}
                </span>
              ))}
            </div>
            {days.map((day) => {
              const timed = timedOf(day);
              const stacks = stackHours(timed.map((p) => ({ id: p.id, start: minuteOfDay(atOf(p), timeZone) })));
              const byId = new Map(timed.map((p) => [p.id, p]));
              return (
                <div
                  key={day}
                  role="cell"
                  aria-label={`Posts on ${longDay(day)}`}
                  className={`cal-week-col${day < today ? " cal-past" : ""}${drop?.day === day ? " cal-drop" : ""}`}
                  data-day={day}
                  data-testid={`day-${day}`}
                  onDragOver={(e) => onDragOver(e, day)}
                  onDragLeave={(e) => {
                    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDrop((d) => (d?.day === day ? null : d));
                  }}
                  onDrop={(e) => onDrop(e, day)}
                >
                  {day === today && (
                    <>
                      <div className="cal-week-gone" style={placeAt({ start: nowMinute })} aria-hidden="true" />
                      <div className="cal-now" style={placeAt({ start: nowMinute })} aria-hidden="true" data-testid="now-line" />
                    </>
                  )}
                  {stacks.map((stack) => (
                    <ul
                      key={stack.hour}
                      className="cal-hour-stack"
                      style={placeAt({ start: stack.start })}
                      aria-label={`Posts at ${hourLabel(stack.hour)}`}
                      data-testid="hour-stack"
                      data-hour={stack.hour}
                    >
                      {stack.shown.map((id) => {
                        const post = byId.get(id)!;
                        const kind = kindOf(post);
                        const draggable = isMovable(post, now) && !moving.has(post.id);
                        const at = atOf(post);
                        const [clock, half] = timeOf(at, timeZone).split(" ");
                        return (
                          <li
                            key={post.id}
                            className={`cal-block cal-post-${kind}${moving.has(post.id) ? " cal-post-moving" : ""}`}
                            data-testid="calendar-post"
                            data-post-id={post.id}
                            draggable={draggable}
                            onDragStart={(e) => {
                              grabOffset.current = e.clientY - e.currentTarget.getBoundingClientRect().top;
                              e.dataTransfer.setData(POST_DRAG_TYPE, post.id);
                              e.dataTransfer.effectAllowed = "move";
                            }}
                            onDragEnd={() => setDrop(null)}
                          >
                            <button type="button" className="cal-block-btn" onClick={() => props.onOpenPost(post)}>
                              {/* One line: the time (its AM/PM left to the hour's label beside the row), the first logo, the first words. */}
                              <time dateTime={at}>
                                {clock}
                                {half && <span className="cal-half"> {half}</span>}
                              </time>{" "}
                              <span className="cal-block-logos">
                                {post.platforms.slice(0, CHIP_LOGOS).map((p) => (
                                  <PlatformBadge key={p} platform={p} size="tiny" />
                                ))}
                                {post.platforms.length > CHIP_LOGOS && (
                                  <span className="cal-block-logos-more" aria-hidden="true">
                                    +{post.platforms.length - CHIP_LOGOS}
                                  </span>
                                )}
                              </span>
                              <span className="visually-hidden">{post.platforms.map((p) => platformNames[p] ?? p).join(", ")}</span>
                              {post.isRecurring && (
                                <span className="cal-repeat" title="Repeats">
                                  <span aria-hidden="true">↻</span>
                                  <span className="visually-hidden"> (repeats)</span>
                                </span>
                              )}{" "}
                              <span className="cal-block-text">{excerpt(post.content, 80)}</span>
                            </button>
                          </li>
                        );
                      })}
                      {stack.more > 0 && (
                        <li className="cal-hour-more-line">
                          <button
                            type="button"
                            className="cal-more-posts cal-hour-more"
                            data-testid="hour-more"
                            aria-label={`+${stack.more} more at ${hourLabel(stack.hour)}`}
                            onClick={() => props.onMoreOfHour(day, stack.hour)}
                          >
                            +{stack.more} more
                          </button>
                        </li>
                      )}
                    </ul>
                  ))}
                  {drop?.day === day && (
                    <div className="cal-drop-slot" style={placeAt({ start: drop.minutes })} aria-hidden="true" data-testid="drop-slot">
                      {timeOf(instantOfSlot(day, drop.minutes, timeZone), timeZone)}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
