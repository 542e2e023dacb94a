import { useStore } from "@nanostores/react";
import { ratingOf } from "../../../domain/help";
import { votedCounts } from "./help-vote-store";
import "./help-center.css";

interface Props {
  helpful: number;
  notHelpful: number;
}

/** 1 to 5 stars from the real votes, with the helpful count; rendered on the server, and live after a vote where it is an island. */
export default function ArticleRating(props: Props) {
  const { helpful, notHelpful } = useStore(votedCounts) ?? props;
  const rating = ratingOf({ helpful, notHelpful });
  if (rating === null) return <span className="muted">Not rated yet</span>;
  const stars = Math.round(rating);
  return (
    <>
      <span className="help-stars" role="img" aria-label={`Rated ${rating} out of 5`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= stars ? "help-star on" : "help-star"} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      <span className="muted">
        {helpful} of {helpful + notHelpful} found this helpful
      </span>
    </>
  );
}
