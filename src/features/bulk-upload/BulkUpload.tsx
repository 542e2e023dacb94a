import { useMemo, useRef, useState } from "react";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { api } from "../../lib/api/client";
import type { BulkPreviewFields, BulkPreviewRow } from "./bulk-csv";
import { BULK_MESSAGES } from "../../../domain/publishing/bulk";
import "./bulk-upload.css";

interface Props {
  /** The person's zone: the file's dates and times are read in it. */
  readonly timeZone: string;
  /** YYYY-MM-DD in that zone: the date of a row that gives none. */
  readonly today: string;
  /** The file to start from, as a data: address. */
  readonly templateHref: string;
}

/** Rows sent per request: the bar moves as each part is scheduled. */
const ROWS_PER_REQUEST = 500;
/** Rows shown at first, and added by "Show more": a file of thousands stays quick to scroll. */
const PAGE = 100;

const isCsv = (file: File) => file.type === "text/csv" || /\.csv$/i.test(file.name);
const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

const STATUS_LABELS: Record<BulkPreviewRow["status"], string> = { pending: "Pending", processing: "Processing", scheduled: "Scheduled", error: "Error" };

/** Bulk Upload (spec engagement §2): a CSV file read in the browser, its rows previewed and fixed, then scheduled together. */
export default function BulkUpload({ timeZone, today, templateHref }: Props) {
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rows, setRows] = useState<ReadonlyArray<BulkPreviewRow>>([]);
  const [shown, setShown] = useState(PAGE);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [reading, setReading] = useState(false);

  const counts = useMemo(() => {
    const by = { pending: 0, processing: 0, scheduled: 0, error: 0 };
    for (const row of rows) by[row.status]++;
    return by;
  }, [rows]);
  const everyRowInError = rows.length > 0 && counts.error === rows.length;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!isCsv(file)) {
      toast({ title: BULK_MESSAGES.invalidFileTitle, description: BULK_MESSAGES.invalidFile, variant: "destructive" });
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    setFileError(null);
    setProgress(null);
    setFileName(file.name);
    setReading(true);
    try {
      // The parser comes with the first file: the page opens without it.
      const { parseBulkCsv } = await import("./bulk-csv");
      const parsed = parseBulkCsv(await file.text(), today);
      setRows(parsed);
      setShown(PAGE);
      if (parsed.length === 0) setFileError("This file has no rows with content: fill in the content column, one post a row.");
    } catch (error) {
      setRows([]);
      setFileError(error instanceof Error ? error.message : BULK_MESSAGES.invalidFile);
    } finally {
      setReading(false);
    }
  };

  const scheduleAll = async () => {
    const waiting = rows.flatMap((row, index) => (row.status === "pending" ? [index] : []));
    if (waiting.length === 0) return;
    setUploading(true);
    setProgress(0);
    setRows((all) => all.map((row) => (row.status === "pending" ? { ...row, status: "processing" } : row)));
    let successful = 0;
    let failed = 0;
    try {
      for (let at = 0; at < waiting.length; at += ROWS_PER_REQUEST) {
        const part = waiting.slice(at, at + ROWS_PER_REQUEST);
        const answer = await api.post("/api/posts/bulk", {
          payload: {
            timeZone,
            posts: part.map((index) => {
              const { content, scheduledDate, scheduledTime, platforms, media } = rows[index]!;
              return { row: index + 1, content, scheduledDate, scheduledTime, platforms, media };
            }),
          },
        });
        successful += answer.successful.length;
        failed += answer.failed.length;
        // The rows are numbered as the preview numbers them (a duplicate's sentence names the preview's row).
        const outcome = new Map<number, string | null>([
          ...answer.successful.map((s) => [s.row - 1, null] as const),
          ...answer.failed.map((f) => [f.row - 1, f.message] as const),
        ]);
        setRows((all) =>
          all.map((row, index) => {
            if (!outcome.has(index)) return row;
            const message = outcome.get(index) ?? null;
            return message === null ? { ...row, status: "scheduled", error: null } : { ...row, status: "error", error: message };
          }),
        );
        setProgress(Math.round(((at + part.length) / waiting.length) * 100));
      }
      toast({
        title: BULK_MESSAGES.completeTitle,
        description: `${plural(successful, "post")} scheduled, ${failed.toLocaleString("en-US")} failed.`,
        variant: failed > 0 && successful === 0 ? "destructive" : "default",
      });
    } catch {
      setProgress(null);
      setRows((all) => all.map((row) => (row.status === "processing" ? { ...row, status: "pending" } : row)));
      toast({ title: BULK_MESSAGES.failedTitle, description: BULK_MESSAGES.failed, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  };

  const save = async (index: number, fields: BulkPreviewFields) => {
    const { checkedRow } = await import("./bulk-csv");
    setRows((all) => all.map((row, i) => (i === index ? checkedRow(fields) : row)));
    setEditing(null);
  };

  const waiting = counts.pending;
  return (
    <div className="bulk" data-testid="bulk-upload" data-hydrated={hydrated ? "true" : "false"}>
      <section className="card bulk-file" aria-labelledby="bulk-file-title">
        <div className="bulk-file-head">
          <div>
            <h2 id="bulk-file-title">Upload a CSV file</h2>
            <p className="muted">
              One post a row, with the columns <code>content</code>, <code>date</code> (YYYY-MM-DD), <code>time</code> (HH:MM) and <code>platforms</code>{" "}
              (separated by semicolons), and an optional <code>media</code> column (https:// addresses). Times are read in your time zone, {timeZone}.
            </p>
          </div>
          <a className="btn btn-outline" href={templateHref} download="bulk-upload-template.csv">
            Download Template
          </a>
        </div>
        <Field id="bulk-file" label="CSV file" error={fileError ?? undefined}>
          <input
            ref={fileInput}
            id="bulk-file"
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={!hydrated || uploading || reading}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Field>
      </section>

      {reading ? (
        <section className="card bulk-empty" role="status">
          <p className="muted">Reading {fileName}…</p>
        </section>
      ) : rows.length === 0 ? (
        !fileError && (
          <section className="card bulk-empty" data-testid="bulk-empty">
            <h2>No file yet</h2>
            <p className="muted">Choose a CSV file above: its rows appear here to check and fix before you schedule them all.</p>
          </section>
        )
      ) : (
        <section className="card bulk-preview" aria-labelledby="bulk-preview-title">
          <div className="bulk-preview-head">
            <div>
              <h2 id="bulk-preview-title">Preview</h2>
              <p className="muted bulk-counts" data-testid="bulk-counts">
                {fileName} · {plural(rows.length, "post")}: {counts.pending.toLocaleString("en-US")} ready, {counts.scheduled.toLocaleString("en-US")}{" "}
                scheduled, {counts.error.toLocaleString("en-US")} with errors
              </p>
            </div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!hydrated || uploading || everyRowInError || waiting === 0}
              onClick={() => void scheduleAll()}
            >
              {uploading ? "Scheduling…" : "Schedule All Posts"}
            </button>
          </div>
          {progress !== null && (
            <div className="bulk-progress" role="status">
              <div className="bulk-progress-bar">
                <progress max={100} value={progress} aria-label="Bulk upload progress" />
                <span>{progress}%</span>
              </div>
              {progress === 100 && counts.scheduled > 0 && <a href="/app/queue">See them in the queue</a>}
            </div>
          )}
          <ol className="bulk-rows">
            {rows.slice(0, shown).map((row, index) => (
              <li key={index} className={`bulk-row bulk-row-${row.status}`} data-testid="bulk-row">
                <span className="bulk-row-number" aria-label={`Row ${index + 1}`}>
                  {index + 1}
                </span>
                <div className="bulk-row-body">
                  <p className="bulk-row-content">{row.content}</p>
                  <p className="bulk-row-meta muted">
                    <span>
                      {row.scheduledDate} {row.scheduledTime}
                    </span>
                    {row.platforms.map((p) => (
                      <span key={p} className="badge">
                        {p}
                      </span>
                    ))}
                    {row.media.length > 0 && <span>{plural(row.media.length, "media file")}</span>}
                  </p>
                  {row.error && <p className="field-error">{row.error}</p>}
                </div>
                <div className="bulk-row-side">
                  <span className={`badge bulk-status bulk-status-${row.status}`}>{STATUS_LABELS[row.status]}</span>
                  {row.status !== "scheduled" && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      aria-label={`Edit row ${index + 1}`}
                      disabled={uploading}
                      onClick={() => setEditing(index)}
                    >
                      Edit
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
          {shown < rows.length && (
            <button type="button" className="btn btn-outline bulk-more" onClick={() => setShown(shown + PAGE)}>
              Show {Math.min(PAGE, rows.length - shown)} more of {(rows.length - shown).toLocaleString("en-US")}
            </button>
          )}
        </section>
      )}

      {editing !== null && rows[editing] && (
        <RowDialog key={editing} number={editing + 1} row={rows[editing]} onClose={() => setEditing(null)} onSave={(fields) => void save(editing, fields)} />
      )}
    </div>
  );
}

const listOf = (text: string) =>
  text
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);

/** The row edit: its cells as the file gave them; saving checks it again (back to pending, or its error). */
function RowDialog({
  number,
  row,
  onClose,
  onSave,
}: {
  number: number;
  row: BulkPreviewRow;
  onClose: () => void;
  onSave: (fields: BulkPreviewFields) => void;
}) {
  const [content, setContent] = useState(row.content);
  const [scheduledDate, setDate] = useState(row.scheduledDate);
  const [scheduledTime, setTime] = useState(row.scheduledTime);
  const [platforms, setPlatforms] = useState(row.platforms.join("; "));
  const [media, setMedia] = useState(row.media.join("; "));
  return (
    <Dialog open title={`Edit row ${number}`} description={row.error ?? undefined} onClose={onClose}>
      <form
        className="bulk-edit"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({
            content: content.trim(),
            scheduledDate: scheduledDate.trim(),
            scheduledTime: scheduledTime.trim(),
            platforms: listOf(platforms),
            media: listOf(media),
          });
        }}
      >
        <Field id="bulk-edit-content" label="Content">
          <textarea id="bulk-edit-content" className="textarea" rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
        </Field>
        <div className="bulk-edit-when">
          <Field id="bulk-edit-date" label="Date (YYYY-MM-DD)">
            <input id="bulk-edit-date" className="input" value={scheduledDate} onChange={(e) => setDate(e.target.value)} placeholder="2026-12-01" />
          </Field>
          <Field id="bulk-edit-time" label="Time (HH:MM)">
            <input id="bulk-edit-time" className="input" value={scheduledTime} onChange={(e) => setTime(e.target.value)} placeholder="09:30" />
          </Field>
        </div>
        <Field id="bulk-edit-platforms" label="Platforms (separated by ;)">
          <input
            id="bulk-edit-platforms"
            className="input"
            value={platforms}
            onChange={(e) => setPlatforms(e.target.value)}
            placeholder="instagram; facebook"
          />
        </Field>
        <Field id="bulk-edit-media" label="Media (https:// addresses, separated by ;)">
          <input id="bulk-edit-media" className="input" value={media} onChange={(e) => setMedia(e.target.value)} />
        </Field>
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save Row
          </button>
        </div>
      </form>
    </Dialog>
  );
}
