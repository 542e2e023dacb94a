import { type Dispatch, type RefObject, useEffect, useState } from "react";
import { SCHEDULE_TIMES, suggestTimes } from "../../../domain/publishing/best-times";
import { MAX_REPEATS } from "../../../domain/publishing/recurrence";
import { QUEUE_ORDER_LABELS, QUEUE_ORDERS, type QueueOrder } from "../../../domain/publishing/timeslots";
import TimeZoneField from "../../components/forms/TimeZoneField";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import type { FormState } from "./compose-model";
import { ORDINALS, WEEKDAY_BUTTONS, WEEKDAY_NAMES } from "./compose-post";
import type { ComposeAction } from "./compose-reducer";
import { parseTime, timeUnreadable } from "./schedule-model";

interface ScheduleSectionProps {
  readonly form: FormState;
  readonly dispatch: Dispatch<ComposeAction>;
  /** The earliest date to choose (YYYY-MM-DD, the person's today). */
  readonly today: string;
  /** The chosen platforms: auto-optimize suggests their best times. */
  readonly platforms: ReadonlyArray<string>;
  readonly error: string | undefined;
  readonly dateInput: RefObject<HTMLInputElement | null>;
}

/** The Post Scheduling card (spec core §3): now, schedule or recurring; date, time and zone; queue order; the repeats. */
const ScheduleSection = ({ form, dispatch, today, platforms, error, dateInput }: ScheduleSectionProps) => {
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
          <TimeField value={form.scheduleTime} onChange={(scheduleTime) => set({ scheduleTime })} />
          <TimeZoneField id="compose-zone" value={form.timeZone} onChange={(timeZone) => set({ timeZone })} />
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
            {...describedBy({ "compose-repeat-why": form.scheduleType === "recurring" })}
            onChange={(e) => dispatch({ type: "repeatToggled", repeat: e.target.checked })}
          />
          <span>Repeat</span>
        </label>
        {form.scheduleType === "recurring" && (
          <DisabledReason id="compose-repeat-why">A recurring post always repeats: choose Schedule to post it once.</DisabledReason>
        )}
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

/** Any minute, typed as people write times ("9:37", "21:37", "937") or picked from the spec's hourly times (spec core §9); kept as HH:MM. */
const TimeField = ({ value, onChange }: { value: string; onChange: (time: string) => void }) => {
  const [text, setText] = useState(value);
  const [wrong, setWrong] = useState(false);
  // A time set elsewhere (a suggested time, a post read into the form, a form started over) shows here; one being typed stays as typed.
  useEffect(() => {
    if ((parseTime(text) ?? "") === value) return;
    setText(value);
    setWrong(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <div className="field">
      <label htmlFor="compose-time">Time</label>
      <input
        id="compose-time"
        className="input"
        list="compose-times"
        autoComplete="off"
        placeholder="HH:MM, e.g. 09:37"
        value={text}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? "compose-time-error" : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setWrong(false);
          onChange(parseTime(e.target.value) ?? "");
        }}
        onBlur={() => {
          const time = parseTime(text);
          if (time) setText(time);
          else if (text.trim() !== "") setWrong(true);
        }}
      />
      <datalist id="compose-times">
        {SCHEDULE_TIMES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {wrong && (
        <p id="compose-time-error" className="field-error">
          {timeUnreadable(text)}
        </p>
      )}
    </div>
  );
};

export default ScheduleSection;
