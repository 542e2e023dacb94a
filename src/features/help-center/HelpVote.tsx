import { useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import { apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import type { HelpVotes } from "../../../domain/help";
import { votedCounts } from "./help-vote-store";
import "./help-center.css";

interface Props {
  articleId: string;
  initial: HelpVotes;
  supportEmail: string;
  /** Where "Browse More Articles" goes. */
  home: string;
  /** Demo mode reads only: the question is shown, the answer is not saved. */
  readOnly: boolean;
}

/** "Was this article helpful?": the person's one answer, saved and changeable; after a no, where to go next. */
export default function HelpVote({ articleId, initial, supportEmail, home, readOnly }: Props) {
  const hydrated = useHydrated();
  const [votes, setVotes] = useState(initial);
  const [thanked, setThanked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const vote = async (helpful: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const counted = await api.post("/api/help/articles/:id/vote", { params: { id: articleId }, payload: { helpful } });
      setVotes(counted);
      votedCounts.set(counted);
      setThanked(true);
    } catch (failure) {
      setError(apiErrorMessage(failure, "Your answer could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  const total = votes.helpful + votes.notHelpful;
  return (
    <section className="card help-vote" aria-labelledby="help-vote-title" data-testid="help-vote" data-hydrated={hydrated}>
      <h2 id="help-vote-title">Was this article helpful?</h2>
      <div className="help-vote-buttons">
        {[true, false].map((helpful) => (
          <button
            key={String(helpful)}
            type="button"
            className={`btn ${votes.yourVote === helpful ? "btn-primary" : "btn-outline"}`}
            aria-pressed={votes.yourVote === helpful}
            disabled={!hydrated || saving || readOnly}
            onClick={() => vote(helpful)}
          >
            {helpful ? "Yes" : "No"}
          </button>
        ))}
      </div>
      <p className="muted help-vote-count" data-testid="help-vote-count">
        {total === 0 ? "Nobody has voted yet." : `${votes.helpful} of ${total} ${total === 1 ? "person" : "people"} found this helpful.`}
        {readOnly && " Votes are not saved in the demo."}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div role="status">
        {thanked && <p className="help-vote-thanks">Thank you for your feedback!</p>}
        {thanked && votes.yourVote === false && (
          <div className="help-vote-next">
            <p className="muted">Sorry it did not help. Tell us what you were looking for, or try another article.</p>
            <a className="btn btn-primary" href={`mailto:${supportEmail}?subject=${encodeURIComponent(`Help article: ${articleId}`)}`}>
              Contact Support
            </a>
            <a className="btn btn-outline" href={home}>
              Browse More Articles
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
