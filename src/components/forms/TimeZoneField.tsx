import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { searchZones, type ZoneChoice, zoneChoices, zoneOf, zoneOffset } from "./time-zone-model";
import "./time-zone-field.css";

interface TimeZoneFieldProps {
  /** The input's id; the list's and the error's ids are made from it. */
  readonly id: string;
  readonly label?: string;
  /** The chosen zone (IANA name). */
  readonly value: string;
  readonly onChange: (zone: string) => void;
}

/**
 * A time-zone field: every IANA zone the browser knows, the spec's seven first (spec core §9), found
 * by typing part of a name, an old name or an offset (a combobox: the arrows move in the list, Enter
 * picks, Escape closes and puts the zone back). A zone typed in full counts at once; a text that
 * names none is said so when the field is left, and the zone stays what it was.
 */
export default function TimeZoneField({ id, label = "Time zone", value, onChange }: TimeZoneFieldProps) {
  const choices = useMemo(() => zoneChoices(Intl.supportedValuesOf("timeZone")), []);
  const [text, setText] = useState(value);
  /** What the person typed since the list opened; null: the whole list. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [wrong, setWrong] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const offsets = useMemo(() => {
    const now = new Date();
    const known = new Map<string, string>();
    return (zone: string) => {
      if (!known.has(zone)) known.set(zone, zoneOffset(zone, now));
      return known.get(zone)!;
    };
  }, []);
  const shown = useMemo(() => (query === null ? choices : searchZones(choices, query, offsets)), [choices, query, offsets]);

  // A zone chosen elsewhere (a post read into the form, a form started over) shows here; one being typed stays as typed.
  useEffect(() => {
    if (zoneOf(text) === value) return;
    setText(value);
    setWrong(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(() => {
    if (open) list.current?.querySelector("[aria-selected=true]")?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  const openList = () => {
    if (open) return;
    setQuery(null);
    setActive(
      Math.max(
        0,
        choices.findIndex((z) => z.id === value),
      ),
    );
    setOpen(true);
  };

  const choose = (zone: ZoneChoice) => {
    setText(zone.id);
    setQuery(null);
    setOpen(false);
    setWrong(false);
    if (zone.id !== value) onChange(zone.id);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((at) => Math.min(shown.length - 1, Math.max(0, at + step)));
    } else if (event.key === "PageDown" || event.key === "PageUp") {
      if (!open) return;
      event.preventDefault();
      const step = event.key === "PageDown" ? 10 : -10;
      setActive((at) => Math.min(shown.length - 1, Math.max(0, at + step)));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      const zone = shown[active];
      if (zone) choose(zone);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setQuery(null);
      setText(value);
      setWrong(false);
    }
  };

  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const activeZone = open ? shown[active] : undefined;
  return (
    <div className="field tz-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input tz-input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeZone ? `${id}-${activeZone.id}` : undefined}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? errorId : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onClick={openList}
        onKeyDown={onKey}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
          setWrong(false);
          const zone = zoneOf(e.target.value);
          if (zone && zone !== value) onChange(zone);
        }}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
          const zone = zoneOf(text);
          if (zone) {
            setText(zone);
            if (zone !== value) onChange(zone);
          } else setWrong(true);
        }}
      />
      <div className="tz-popup" hidden={!open}>
        <ul ref={list} id={listId} className="tz-list" role="listbox" aria-label="Time zones">
          {open &&
            shown.map((zone, i) => (
              <li
                key={zone.id}
                id={`${id}-${zone.id}`}
                role="option"
                aria-selected={i === active}
                className={zone.common && query === null && !shown[i + 1]?.common ? "tz-option tz-option-last-common" : "tz-option"}
                data-current={zone.id === value || undefined}
                // The input keeps the focus: a click picks without leaving the field first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(zone)}
              >
                <span className="tz-name">{zone.label}</span>
                <span className="tz-meta">
                  {zone.common ? `${zone.id} · ` : ""}
                  {offsets(zone.id)}
                </span>
              </li>
            ))}
        </ul>
        {open && shown.length === 0 && (
          <p className="muted tz-empty">No time zone matches “{query}”. Try a city, such as Kolkata, or an offset, such as GMT+5:30.</p>
        )}
      </div>
      {wrong && (
        <p id={errorId} className="field-error">
          Choose a time zone from the list, such as {value}. Posts stay in {value} until then.
        </p>
      )}
    </div>
  );
}
