import { useEffect, useState } from "react";
import { DraftWithAi } from "../ai/DraftWithAi";
import type { PlatformId } from "../../../domain/accounts/platforms";
import { fillPlaceholders, ratingColour, REVIEW_MESSAGES } from "../../../domain/reviews/rules";
import type { ReplyTemplate } from "../../../infra/inbox/ReplyTemplates";
import type { Review as StoredReview, ReviewHistoryEntry, ReviewTiles } from "../../../infra/reviews/Reviews";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorFields, apiErrorMessage } from "../../lib/api-client";
import { api, type RequestOf } from "../../lib/api/client";
import { PlatformBadge } from "../accounts/platform-badge";
import TemplatesDialog from "../inbox/TemplatesDialog";
import { ReviewEntryDialog, ReviewImportDialog } from "./ReviewEntryDialogs";
import "./reviews.css";
import { WorkspaceOptions } from "../../components/ui/WorkspaceOptions";

export interface ReviewAccount {
  readonly id: string;
  readonly name: string;
  readonly platform: string;
}

interface Props {
  /** "all": Review Management (every site, the tiles, typed and imported reviews). "google": the Google reviews screen. */
  readonly mode: "all" | "google";
  readonly locationId?: string | null;
  /** The review sites connected: their names for the platform filter, and where typed reviews go. */
  readonly reviewAccounts: ReadonlyArray<ReviewAccount>;
  readonly canAnswer: boolean;
  /** The workspace the person works in. */
  readonly workspaceId?: string;
  /**
   * The workspaces of the agency the person may read reviews in (its own and the clients they were
   * given), and whether their role there may answer: with more than one, the Workspace choice lists
   * the reviews awaiting a response across them.
   */
  readonly workspaces?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly canAnswer: boolean }>;
  /** Whether this server has an AI server set up (Draft with AI). */
  readonly ai?: boolean;
}

const STATUS_FILTERS = {
  all: [
    { id: "pending", label: "Pending" },
    { id: "responded", label: "Responded" },
    { id: "flagged", label: "Flagged" },
  ],
  google: [
    { id: "unread", label: "Unread" },
    { id: "read", label: "Read" },
    { id: "replied", label: "Replied" },
  ],
} as const;

const SITE_NAMES: Record<string, string> = {
  google_business: "Google",
  yelp: "Yelp",
  healthgrades: "Healthgrades",
  avvo: "Avvo",
  dignityhealth: "Dignity Health",
  martindale: "Martindale-Hubbell",
  superlawyers: "Super Lawyers",
  bbb: "BBB",
};

const WAY_LABELS = { posted: "Posted from SocialDesk", by_hand: "Posted on the site by hand", found: "Written on the site" } as const;

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

export function Stars({ rating }: { rating: number }) {
  return (
    <span className={`review-stars review-stars-${ratingColour(rating)}`} role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="review-stars-off">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

type Filter = { q: string; platform: string; status: string; rating: string };

/** A listed review; across clients it names its workspace. */
type Review = StoredReview & { readonly workspaceName?: string };

/** The review list of Review Management, the Google reviews screen and the Business Profile's Reviews tab. */
export default function ReviewsBoard({ mode, locationId = null, reviewAccounts, canAnswer, ai = false, workspaceId = "", workspaces = [] }: Props) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState<Filter>({ q: "", platform: "", status: "", rating: "" });
  // The Workspace choice: "" this workspace, "all" every one of the agency's the person may read, or one's id.
  const [workspace, setWorkspace] = useState("");
  const across = mode === "all" && !locationId && workspaces.length > 1 ? workspace : "";
  /** Whether the person may answer a review: by their role in its own workspace. */
  const answers = (review: Review) =>
    workspaceId === "" || review.workspaceId === workspaceId ? canAnswer : (workspaces.find((w) => w.id === review.workspaceId)?.canAnswer ?? false);
  const [reviews, setReviews] = useState<ReadonlyArray<Review> | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [tiles, setTiles] = useState<ReviewTiles | null>(null);
  const [dialog, setDialog] = useState<null | "enter" | "import">(null);
  const [reload, setReload] = useState(0);

  // Across clients: the reviews awaiting a response (the list the server gives across workspaces), searched by words.
  const query = (cursor?: string | null) =>
    across
      ? { status: "pending", workspaces: "all" as const, workspace: across === "all" ? undefined : across, q: filter.q.trim() || undefined, cursor: cursor || undefined }
      : {
    locationId: locationId || undefined,
    platform: (mode === "google" ? "google_business" : filter.platform) || undefined,
    status: filter.status || undefined,
    rating: filter.rating || undefined,
    q: filter.q.trim() || undefined,
    cursor: cursor || undefined,
  };

  useEffect(() => {
    const timer = setTimeout(
      () => {
        api.get("/api/reviews", { query: query() }).then(
          (page) => {
            setReviews(page.items);
            setNext(page.next);
          },
          (error) => toast({ title: "Error", description: apiErrorMessage(error, "Failed to load the reviews."), variant: "destructive" }),
        );
        if (mode === "all" && !across) {
          api.get("/api/reviews/summary", { query: { locationId: locationId || undefined, platform: filter.platform || undefined } }).then(setTiles, () =>
            setTiles(null),
          );
        }
      },
      filter.q ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [filter, locationId, reload, across]);

  const more = async () => {
    try {
      const page = await api.get("/api/reviews", { query: query(next) });
      setReviews([...(reviews ?? []), ...page.items]);
      setNext(page.next);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to load more reviews."), variant: "destructive" });
    }
  };

  const put = (review: Review) => {
    setReviews((list) => (list ?? []).map((r) => (r.id === review.id ? review : r)));
    if (mode === "all") setReload((n) => n + 1);
  };

  const filtered = Boolean(filter.q || (!across && (filter.platform || filter.status || filter.rating)));
  const platforms = [...new Set(reviewAccounts.map((a) => a.platform))];
  const manualSites = reviewAccounts.filter((a) => a.platform !== "google_business");

  return (
    <div className="reviews" data-testid="reviews-board" data-hydrated={hydrated ? "true" : undefined}>
      {mode === "all" && !across && (
        <div className="review-tiles" aria-live="polite">
          {[
            { label: "Total Reviews", value: tiles ? tiles.total.toLocaleString("en-US") : "–" },
            { label: "Pending Response", value: tiles ? tiles.pending.toLocaleString("en-US") : "–" },
            { label: "Average Rating", value: tiles ? tiles.averageRating.toFixed(1) : "–" },
            { label: "Response Rate", value: tiles ? `${tiles.responseRate}%` : "–" },
          ].map((tile) => (
            <div className="card review-tile" key={tile.label} data-testid="review-tile">
              <span className="muted">{tile.label}</span>
              <strong>{tile.value}</strong>
            </div>
          ))}
        </div>
      )}

      <div className="review-toolbar">
        <input
          className="input review-search"
          type="search"
          placeholder="Search reviews..."
          aria-label="Search reviews"
          value={filter.q}
          onChange={(e) => setFilter({ ...filter, q: e.target.value })}
        />
        {mode === "all" && !locationId && workspaces.length > 1 && <WorkspaceChoice value={workspace} workspaces={workspaces} onChange={setWorkspace} />}
        {mode === "all" && !across && (
          <select className="input" aria-label="Platform" value={filter.platform} onChange={(e) => setFilter({ ...filter, platform: e.target.value })}>
            <option value="">All platforms</option>
            {platforms.map((p) => (
              <option key={p} value={p}>
                {SITE_NAMES[p] ?? p}
              </option>
            ))}
          </select>
        )}
        {across ? (
          <p className="muted review-across-note">Reviews awaiting a response</p>
        ) : (
        <select className="input" aria-label="Status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })}>
          <option value="">All statuses</option>
          {STATUS_FILTERS[mode].map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        )}
        {mode === "google" && (
          <select className="input" aria-label="Rating" value={filter.rating} onChange={(e) => setFilter({ ...filter, rating: e.target.value })}>
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} star{n === 1 ? "" : "s"}
              </option>
            ))}
          </select>
        )}
        {mode === "all" && !across && canAnswer && manualSites.length > 0 && (
          <div className="review-toolbar-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => setDialog("import")} disabled={!hydrated}>
              Import CSV
            </button>
            <button type="button" className="btn btn-primary btn-small" onClick={() => setDialog("enter")} disabled={!hydrated}>
              Add review
            </button>
          </div>
        )}
      </div>

      {reviews === null ? (
        <p className="muted review-loading" role="status">
          Loading reviews…
        </p>
      ) : reviews.length === 0 ? (
        <div className="card review-empty">
          <h2>{across && !filtered ? "No Reviews Await a Response" : filtered ? "No Reviews Found" : "No Reviews Yet"}</h2>
          <p className="muted">
            {across && !filtered
              ? "Every review in these workspaces has its response."
              : filtered
              ? "No review matches these filters. Clear the search or choose another status."
              : mode === "google"
                ? "Reviews of your Business Profile locations appear here as Google sends them."
                : manualSites.length > 0
                  ? "Reviews from Google arrive by themselves. For sites with no API, add reviews by hand or import a CSV file."
                  : "Connect Google Business Profile or a review site in Connect Accounts, and its reviews appear here."}
          </p>
          {!filtered && !across && reviewAccounts.length === 0 && mode === "all" && (
            <a className="btn btn-outline btn-small" href="/app/connect-accounts">
              Connect a review site
            </a>
          )}
        </div>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} mode={mode} canAnswer={answers(review)} ai={ai} onChange={put} client={across ? review.workspaceName : undefined} />
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className="btn btn-outline review-more" onClick={() => void more()}>
          Load more reviews
        </button>
      )}

      {dialog === "enter" && (
        <ReviewEntryDialog
          accounts={manualSites}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setReload((n) => n + 1);
          }}
        />
      )}
      {dialog === "import" && <ReviewImportDialog accounts={manualSites} onClose={() => setDialog(null)} onImported={() => setReload((n) => n + 1)} />}
    </div>
  );
}

function ReviewCard({
  review,
  mode,
  canAnswer,
  ai,
  onChange,
  client,
}: {
  review: Review;
  mode: "all" | "google";
  canAnswer: boolean;
  ai: boolean;
  onChange: (review: Review) => void;
  /** The client workspace's name, in the list across clients. */
  client?: string | undefined;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [templates, setTemplates] = useState(false);
  const [flagging, setFlagging] = useState<string | null>(null);
  const [history, setHistory] = useState<ReadonlyArray<ReviewHistoryEntry> | null>(null);
  const editing = draft !== null;
  const site = review.siteName;

  const post = async (text: string) => {
    setPending(true);
    setError(null);
    try {
      const saved = await api.post("/api/reviews/:id/respond", { params: { id: review.id }, payload: { response: text } });
      onChange(saved);
      setDraft(null);
      toast({ title: "Success", description: REVIEW_MESSAGES.posted });
    } catch (failure) {
      setError(apiErrorFields(failure).responseText ?? apiErrorMessage(failure, REVIEW_MESSAGES.failed));
      toast(
        mode === "google"
          ? { title: "Failed to Post Response", description: REVIEW_MESSAGES.googleFailed, variant: "destructive" }
          : { title: "Error", description: REVIEW_MESSAGES.failed, variant: "destructive" },
      );
    } finally {
      setPending(false);
    }
  };

  const change = async (body: NonNullable<RequestOf<"PUT", "/api/reviews/:id">["payload"]>, done: string) => {
    try {
      onChange(await api.put("/api/reviews/:id", { params: { id: review.id }, payload: body }));
      toast({ title: done });
      return true;
    } catch (failure) {
      toast({ title: "Error", description: apiErrorMessage(failure, "Failed to change the review. Please try again."), variant: "destructive" });
      return false;
    }
  };

  const deleteResponse = async () => {
    if (!window.confirm(review.postsThroughApi ? `Delete your response from ${site}?` : "Delete the recorded response? Remove it on the site yourself."))
      return;
    try {
      onChange(await api.delete("/api/reviews/:id/response", { params: { id: review.id } }));
      toast({ title: "Response Deleted" });
    } catch (failure) {
      toast({ title: "Error", description: apiErrorMessage(failure, "Failed to delete the response."), variant: "destructive" });
    }
  };

  const copyAndOpen = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied", description: `Paste your response on ${site}, then mark the review as responded.` });
    } catch {
      toast({ title: "Copy failed", description: "Select the text and copy it yourself.", variant: "destructive" });
    }
    if (review.url) window.open(review.url, "_blank", "noopener");
  };

  const loadHistory = async () => {
    try {
      setHistory((await api.get("/api/reviews/:id", { params: { id: review.id } })).history);
    } catch (failure) {
      toast({ title: "Error", description: apiErrorMessage(failure, "Failed to load the history."), variant: "destructive" });
    }
  };
  const toggleHistory = () => (history ? setHistory(null) : loadHistory());
  // An open history follows the review's changes.
  useEffect(() => {
    if (history) void loadHistory();
  }, [review]);

  const blank = (draft ?? "").trim() === "";
  const badge = mode === "google" ? review.replyStatus : review.status;
  return (
    <li className={`card review-card${review.read || review.hasResponse ? "" : " review-unread"}`} data-testid="review">
      <header className="review-head">
        <PlatformBadge platform={review.platform as PlatformId} size="small" />
        <div className="review-who">
          <strong className="name-wrap" title={review.reviewerName}>
            {review.reviewerName}
          </strong>
          <span className="muted review-meta">
            {site} · {review.location} · {dateOf(review.reviewDate)}
          </span>
        </div>
        <Stars rating={review.rating} />
        <span className={`badge review-status review-status-${badge}`}>{badge}</span>
        {client && (
          <span className="badge review-client name-wrap" data-testid="review-client" title={`Workspace: ${client}`}>
            {client}
          </span>
        )}
      </header>
      {review.content ? <p className="review-text">{review.content}</p> : <p className="muted review-text">A rating without text.</p>}
      {review.flagged && <p className="review-flag">Flagged: {review.flagReason}</p>}

      {review.hasResponse && !editing && (
        <div className="review-response" data-testid="review-response">
          <span className="muted">
            Your response · {review.responseDate ? dateOf(review.responseDate) : ""} · {review.responseWay ? WAY_LABELS[review.responseWay] : ""}
          </span>
          <p>{review.responseText}</p>
        </div>
      )}

      {editing && (
        <form
          className="review-reply"
          onSubmit={(e) => {
            e.preventDefault();
            if (!blank && !pending) void post(draft!);
          }}
        >
          <label className="visually-hidden" htmlFor={`response-${review.id}`}>
            Your response to {review.reviewerName}
          </label>
          <textarea
            id={`response-${review.id}`}
            className="input"
            rows={4}
            value={draft!}
            autoFocus
            placeholder={`Write a response to ${review.reviewerName}…`}
            onChange={(e) => setDraft(e.target.value)}
          />
          {error && <p className="field-error">{error}</p>}
          <div className="review-reply-actions">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setTemplates(true)}>
              Templates
            </button>
            <DraftWithAi
              kind="review"
              workspaceId={review.workspaceId}
              text={review.content || `A ${review.rating}-star rating without text from ${review.reviewerName}.`}
              rating={review.rating}
              current={draft ?? ""}
              onDraft={setDraft}
              available={ai}
              disabled={pending}
            />
            <span className="review-spacer" />
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
            >
              Cancel
            </button>
            {review.postsThroughApi ? (
              <button type="submit" className="btn btn-primary btn-small" disabled={blank || pending}>
                {pending ? "Posting…" : review.hasResponse ? "Update Response" : "Post Response"}
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-outline btn-small" disabled={blank} onClick={() => void copyAndOpen(draft!.trim())}>
                  Copy and open on {site}
                </button>
                <button type="submit" className="btn btn-primary btn-small" disabled={blank || pending}>
                  {pending ? "Saving…" : "Mark as responded"}
                </button>
              </>
            )}
          </div>
          {!review.postsThroughApi && (
            <p className="muted review-hint">{site} has no way for apps to post responses: copy yours there, then mark the review as responded.</p>
          )}
        </form>
      )}

      {flagging !== null && (
        <form
          className="review-reply"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await change({ status: "flagged", flagReason: flagging }, "Review Flagged")) setFlagging(null);
          }}
        >
          <label htmlFor={`flag-${review.id}`}>Why do you flag this review?</label>
          <input id={`flag-${review.id}`} className="input" value={flagging} maxLength={300} autoFocus onChange={(e) => setFlagging(e.target.value)} />
          <div className="review-reply-actions">
            <span className="review-spacer" />
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setFlagging(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={flagging.trim() === ""}>
              Flag review
            </button>
          </div>
        </form>
      )}

      <footer className="review-actions">
        {canAnswer && !editing && flagging === null && (
          <>
            {!review.hasResponse ? (
              <button type="button" className="btn btn-primary btn-small" onClick={() => setDraft("")}>
                Respond to Review
              </button>
            ) : (
              <>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => setDraft(review.responseText ?? "")}>
                  Edit response
                </button>
                <button type="button" className="btn btn-ghost btn-small btn-danger-text" onClick={() => void deleteResponse()}>
                  Delete response
                </button>
              </>
            )}
            {mode === "google" && review.replyStatus === "unread" && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void change({ status: "read" }, "Marked as Read")}>
                Mark as Read
              </button>
            )}
            {review.flagged ? (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void change({ flagged: false }, "Review Unflagged")}>
                Unflag
              </button>
            ) : (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => setFlagging("")}>
                Flag
              </button>
            )}
          </>
        )}
        <span className="review-spacer" />
        {review.url && (
          <a className="btn btn-ghost btn-small" href={review.url} target="_blank" rel="noopener noreferrer">
            View on {site}
          </a>
        )}
        <button type="button" className="btn btn-ghost btn-small" aria-expanded={history !== null} onClick={() => void toggleHistory()}>
          History
        </button>
      </footer>
      {history && (
        <ol className="review-history" aria-label="History">
          {history.map((entry) => (
            <li key={entry.id}>
              <span className="muted">{new Date(entry.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</span> {entry.actor}:{" "}
              {entry.summary}
            </li>
          ))}
        </ol>
      )}
      {templates && (
        <TemplatesDialog
          category="reviews"
          title="Response Templates"
          description="Choose one to fill your response. {reviewerName}, {businessName} and {rating} are filled in for this review."
          onClose={() => setTemplates(false)}
          onUse={(template: ReplyTemplate) => {
            setDraft(fillPlaceholders(template.content, { reviewerName: review.reviewerName, businessName: review.businessName, rating: review.rating }));
            setTemplates(false);
          }}
        />
      )}
    </li>
  );
}

/** Which workspaces' reviews: this one, every one the person may read (All clients, awaiting a response), or one client's. */
function WorkspaceChoice({
  value,
  workspaces,
  onChange,
}: {
  value: string;
  workspaces: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <select className="input review-workspace" aria-label="Workspace" data-testid="review-workspace" value={value} onChange={(e) => onChange(e.target.value)}>
      <WorkspaceOptions workspaces={workspaces} />
    </select>
  );
}
