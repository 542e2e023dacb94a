import { useState } from "react";
import type { ImportOutcome, Review } from "../../../infra/reviews/Reviews";
import { Dialog } from "../../components/ui/Dialog";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import type { ReviewAccount } from "./ReviewsBoard";

const today = () => new Date().toLocaleDateString("en-CA");

function AccountSelect({
  accounts,
  value,
  onChange,
  error,
}: {
  accounts: ReadonlyArray<ReviewAccount>;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor="review-account">Review site</label>
      <select id="review-account" className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** Add review: one review of a site with no API, typed from the site's page. */
export function ReviewEntryDialog({
  accounts,
  onClose,
  onSaved,
}: {
  accounts: ReadonlyArray<ReviewAccount>;
  onClose: () => void;
  onSaved: (review: Review) => void;
}) {
  const [form, setForm] = useState({ accountId: accounts[0]?.id ?? "", reviewerName: "", rating: "5", content: "", reviewDate: today(), url: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });

  const save = async () => {
    setPending(true);
    try {
      const review = await api.post("/api/reviews", { payload: { ...form, rating: Number(form.rating), url: form.url.trim() || null } });
      toast({ title: "Review Added", description: `${review.reviewerName}'s review on ${review.siteName} is in the list.` });
      onSaved(review);
    } catch (error) {
      const fields = apiErrorFields(error);
      setErrors(fields);
      if (!shownBesideFields(fields, Object.keys(form))) {
        toast({ title: "Error", description: apiErrorMessage(error, "Failed to add the review. Please try again."), variant: "destructive" });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open title="Add a review" description="Copy a review from a site that has no API, to answer and follow it here." onClose={onClose}>
      <form
        className="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <AccountSelect accounts={accounts} value={form.accountId} onChange={set("accountId")} error={errors.accountId} />
        <div className="review-form-row">
          <div className="field">
            <label htmlFor="review-name">Reviewer</label>
            <input id="review-name" className="input" value={form.reviewerName} maxLength={100} onChange={(e) => set("reviewerName")(e.target.value)} />
            {errors.reviewerName && <p className="field-error">{errors.reviewerName}</p>}
          </div>
          <div className="field">
            <label htmlFor="review-rating">Rating</label>
            <select id="review-rating" className="input" value={form.rating} onChange={(e) => set("rating")(e.target.value)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {"★".repeat(n)} {n}
                </option>
              ))}
            </select>
            {errors.rating && <p className="field-error">{errors.rating}</p>}
          </div>
          <div className="field">
            <label htmlFor="review-date">Date</label>
            <input id="review-date" className="input" type="date" value={form.reviewDate} max={today()} onChange={(e) => set("reviewDate")(e.target.value)} />
            {errors.reviewDate && <p className="field-error">{errors.reviewDate}</p>}
          </div>
        </div>
        <div className="field">
          <label htmlFor="review-content">Review</label>
          <textarea id="review-content" className="input" rows={4} value={form.content} onChange={(e) => set("content")(e.target.value)} />
          {errors.content && <p className="field-error">{errors.content}</p>}
        </div>
        <div className="field">
          <label htmlFor="review-url">Link to the review (optional)</label>
          <input id="review-url" className="input" type="url" value={form.url} placeholder="https://" onChange={(e) => set("url")(e.target.value)} />
          {errors.url && <p className="field-error">{errors.url}</p>}
        </div>
        <div className="review-reply-actions">
          <span className="review-spacer" />
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Adding…" : "Add review"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Import CSV: many reviews of one site at once; each bad row says its line and why, the good ones are kept. */
export function ReviewImportDialog({ accounts, onClose, onImported }: { accounts: ReadonlyArray<ReviewAccount>; onClose: () => void; onImported: () => void }) {
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [pending, setPending] = useState(false);

  const upload = async () => {
    if (!file) return setError("Choose a CSV file of reviews.");
    if (!/\.csv$/i.test(file.name) && file.type !== "text/csv") return setError("Please upload a CSV file.");
    setPending(true);
    setError(null);
    try {
      const result = await api.post("/api/reviews/import", { payload: { accountId, csv: await file.text() } });
      setOutcome(result);
      toast({ title: "Import Complete", description: `${result.imported} imported, ${result.duplicates} already there, ${result.errors.length} with errors.` });
      if (result.imported > 0) onImported();
    } catch (failure) {
      setError(apiErrorMessage(failure, "Failed to import the file. Please try again."));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      title="Import reviews"
      description="A CSV file with a header row: reviewer_name, rating, content, review_date (YYYY-MM-DD), url."
      onClose={onClose}
    >
      <form
        className="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <AccountSelect accounts={accounts} value={accountId} onChange={setAccountId} />
        <div className="field">
          <label htmlFor="review-file">CSV file</label>
          <input id="review-file" className="input" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {error && <p className="field-error">{error}</p>}
        </div>
        {outcome && (
          <div className="review-import-outcome" role="status">
            <p>
              <strong>{outcome.imported}</strong> imported · <strong>{outcome.duplicates}</strong> already there · <strong>{outcome.errors.length}</strong> with
              errors
            </p>
            {outcome.errors.length > 0 && (
              <ul className="review-import-errors">
                {outcome.errors.map((e) => (
                  <li key={e.line}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="review-reply-actions">
          <a
            className="btn btn-ghost btn-small"
            href={`data:text/csv;charset=utf-8,${encodeURIComponent("reviewer_name,rating,content,review_date,url\nJane Smith,5,Kind and thorough.,2026-11-01,\n")}`}
            download="reviews-template.csv"
          >
            Download template
          </a>
          <span className="review-spacer" />
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {outcome ? "Done" : "Cancel"}
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Importing…" : "Import"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
