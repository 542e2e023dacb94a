import { type Dispatch, type RefObject, useEffect, useMemo, useState } from "react";
import { SCHEDULE_TIMES, suggestTimes } from "../../../domain/publishing/best-times";
import { MAX_REPEATS } from "../../../domain/publishing/recurrence";
import { QUEUE_ORDER_LABELS, QUEUE_ORDERS, type QueueOrder } from "../../../domain/publishing/timeslots";
import type { FormState } from "./compose-model";
import { ORDINALS, WEEKDAY_BUTTONS, WEEKDAY_NAMES } from "./compose-post";
import type { ComposeAction } from "./compose-reducer";

interface ScheduleSectionProps {
  readonly form: FormState;
  readonly dispatch: Dispatch<ComposeAction>;
  readonly timeZones: ReadonlyArray<{ readonly id: string; readonly label: string }>;
  /** The earliest date to choose (YYYY-MM-DD, the person's today). */
  readonly today: string;
  /** The chosen platforms: auto-optimize suggests their best times. */
  readonly platforms: ReadonlyArray<string>;
  readonly error: string | undefined;
  readonly dateInput: RefObject<HTMLInputElement | null>;
}

/** The Post Scheduling card (spec core §3): now, schedule or recurring; date, time and zone; queue order; the repeats. */
const ScheduleSection = ({ form, dispatch, timeZones, today, platforms, error, dateInput }: ScheduleSectionProps) => {
  const suggestions = form.autoOptimize ? suggestTimes(platforms) : [];
  const set = (patch: Extract<ComposeAction, { type: "fieldChanged" }>["patch"]) => dispatch({ type: "fieldChanged", patch });
  const repeating = form.repeat || form.scheduleType === "recurring";
  return (
    <section className="card compose-card" data-testid="scheduling" aria-labelledby="compose-scheduling-title">
      <h2 id="compose-scheduling-title">Post Scheduling</h2>
      <div className="compose-radios" role="radiogroup" aria-label="When to post">
        {(["now", "schedule", "recurring"] as const).map((t) => (
          <label key={t} className="compose-check">
            <input
              type="radio"
              name="scheduleType"
              value={t}
              checked={form.scheduleType === t}
              onChange={() => dispatch({ type: "scheduleTypeChosen", scheduleType: t })}
            />
            <span>{t === "now" ? "Post now" : t === "schedule" ? "Schedule" : "Recurring"}</span>
          </label>
        ))}
      </div>

      {form.scheduleType !== "now" && (
        <div className="compose-when">
          <div className="field">
            <label htmlFor="compose-date">Date</label>
            <input
              ref={dateInput}
              id="compose-date"
              className="input"
              type="date"
              min={today}
              value={form.scheduleDate}
              onChange={(e) => set({ scheduleDate: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="compose-time">Time</label>
            {/* Any minute typed or picked; the spec's hourly times offered as quick choices. */}
            <input
              id="compose-time"
              className="input"
              type="time"
              step={60}
              list="compose-times"
              value={form.scheduleTime}
              onChange={(e) => set({ scheduleTime: e.target.value })}
            />
            <datalist id="compose-times">
              {SCHEDULE_TIMES.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </div>
          <TimeZoneField value={form.timeZone} common={timeZones} onChange={(timeZone) => set({ timeZone })} />
          {error && (
            <p className="field-error compose-wide" role="alert">
              {error}
            </p>
          )}
          <label className="compose-check compose-wide">
            <input type="checkbox" checked={form.autoOptimize} onChange={(e) => set({ autoOptimize: e.target.checked })} />
            <span>Auto-optimize posting time</span>
          </label>
          {suggestions.length > 0 && (
            <div className="compose-suggest compose-wide" role="group" aria-label="Suggested times" data-testid="suggested-times">
              <span className="muted">Suggested:</span>
              {suggestions.map((t) => (
                <button
                  key={t}
                  type="button"
                  className={form.scheduleTime === t ? "btn btn-primary btn-sm" : "btn btn-outline btn-sm"}
                  aria-pressed={form.scheduleTime === t}
                  onClick={() => set({ scheduleTime: t })}
                >
                  {t}
                </button>
              ))}
            </div>
          )}
        </div>
      )}

      <div className="field compose-queue-order">
        <label htmlFor="compose-queue-order">Queue order</label>
        <select
          id="compose-queue-order"
          className="select"
          value={form.queueOrder}
          aria-describedby="compose-queue-order-hint"
          onChange={(e) => set({ queueOrder: e.target.value as QueueOrder })}
        >
          {QUEUE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {QUEUE_ORDER_LABELS[order]}
            </option>
          ))}
        </select>
        <p id="compose-queue-order-hint" className="muted">
          How Schedule Options › Add to Timeslot picks the time.
        </p>
      </div>

      <fieldset className="compose-repeat">
        <legend>Repeat this post?</legend>
        <label className="compose-check">
          <input
            type="checkbox"
            checked={repeating}
            disabled={form.scheduleType === "recurring"}
            onChange={(e) => dispatch({ type: "repeatToggled", repeat: e.target.checked })}
          />
          <span>Repeat</span>
        </label>
        {repeating && (
          <div className="compose-repeat-body">
            <div className="field">
              <label htmlFor="compose-interval">Repeats</label>
              <select
                id="compose-interval"
                className="select"
                value={form.recurringType}
                onChange={(e) => set({ recurringType: e.target.value as FormState["recurringType"] })}
              >
                <option value="daily">Daily</option>
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
              </select>
            </div>
            {form.recurringType === "weekly" && (
              <div className="compose-weekdays" role="group" aria-label="Days of the week">
                {WEEKDAY_BUTTONS.map((d) => {
                  const on = form.recurringDays.includes(d.value);
                  return (
                    <button
                      key={d.value}
                      type="button"
                      className={on ? "btn btn-primary btn-sm" : "btn btn-outline btn-sm"}
                      aria-pressed={on}
                      onClick={() => dispatch({ type: "weekdayToggled", weekday: d.value })}
                    >
                      {d.label}
                    </button>
                  );
                })}
              </div>
            )}
            {form.recurringType === "monthly" && (
              <div className="compose-when">
                <div className="field">
                  <label htmlFor="compose-ordinal">On the</label>
                  <select
                    id="compose-ordinal"
                    className="select"
                    value={form.recurringDay}
                    onChange={(e) => set({ recurringDay: e.target.value as FormState["recurringDay"] })}
                  >
                    {ORDINALS.map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="compose-weekday">Weekday</label>
                  <select
                    id="compose-weekday"
                    className="select"
                    value={form.recurringDayOfWeek}
                    onChange={(e) => set({ recurringDayOfWeek: e.target.value as FormState["recurringDayOfWeek"] })}
                  >
                    {WEEKDAY_NAMES.map((w) => (
                      <option key={w} value={w}>
                        {w}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
            <div className="compose-when">
              <div className="field">
                <label htmlFor="compose-end">Ends</label>
                <select id="compose-end" className="select" value={form.endType} onChange={(e) => set({ endType: e.target.value as FormState["endType"] })}>
                  <option value="after">After a number of posts</option>
                  <option value="on">On a date</option>
                </select>
              </div>
              {form.endType === "after" ? (
                <div className="field">
                  <label htmlFor="compose-count">Occurrences</label>
                  <input
                    id="compose-count"
                    className="input"
                    type="number"
                    min={1}
                    max={MAX_REPEATS}
                    value={form.recurringCount}
                    onChange={(e) => dispatch({ type: "repeatCountChanged", count: Number(e.target.value), max: MAX_REPEATS })}
                  />
                </div>
              ) : (
                <div className="field">
                  <label htmlFor="compose-end-date">End date</label>
                  <input
                    id="compose-end-date"
                    className="input"
                    type="date"
                    min={form.scheduleDate || today}
                    value={form.recurringEnd}
                    onChange={(e) => set({ recurringEnd: e.target.value })}
                  />
                </div>
              )}
            </div>
          </div>
        )}
      </fieldset>
    </section>
  );
};

/**
 * A zone typed or picked, by IANA name (any letter case, spaces for "_") or by the spec's labels: the
 * zone, or null. A name the browser's Intl accepts counts even when its list spells it otherwise
 * (Chromium lists Asia/Calcutta for Asia/Kolkata); the server keeps the canonical name.
 */
export const zoneOf = (text: string, common: ReadonlyArray<{ readonly id: string; readonly label: string }>, all: ReadonlyArray<string>): string | null => {
  const wanted = text.trim().toLowerCase().replaceAll(" ", "_");
  if (!/^[a-z]/.test(wanted)) return null;
  const listed =
    common.find((z) => z.id.toLowerCase() === wanted || z.label.toLowerCase().replaceAll(" ", "_") === wanted)?.id ??
    all.find((z) => z.toLowerCase() === wanted);
  if (listed) return listed;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: text.trim().replaceAll(" ", "_") }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/** Every IANA zone the browser knows, searchable as you type, the spec's seven first (spec core §9). */
const TimeZoneField = ({ value, common, onChange }: { value: string; common: ScheduleSectionProps["timeZones"]; onChange: (zone: string) => void }) => {
  const all = useMemo(() => [...Intl.supportedValuesOf("timeZone"), "UTC"], []);
  const [text, setText] = useState(value);
  const [wrong, setWrong] = useState(false);
  useEffect(() => setText(value), [value]);
  return (
    <div className="field">
      <label htmlFor="compose-zone">Time zone</label>
      <input
        id="compose-zone"
        className="input"
        list="compose-zones"
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? "compose-zone-error" : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const zone = zoneOf(e.target.value, common, all);
          setWrong(false);
          if (zone) onChange(zone);
        }}
        onBlur={() => {
          const zone = zoneOf(text, common, all);
          if (zone) setText(zone);
          else setWrong(true);
        }}
      />
      <datalist id="compose-zones">
        {common.map((z) => (
          <option key={z.id} value={z.id} label={z.label} />
        ))}
        {all
          .filter((z) => !common.some((c) => c.id === z))
          .map((z) => (
            <option key={z} value={z} />
          ))}
      </datalist>
      {wrong && (
        <p id="compose-zone-error" className="field-error">
          Choose a time zone from the list, such as {value}. Posts stay in {value} until then.
        </p>
      )}
    </div>
  );
};

export default ScheduleSection;
