import Sentiment from "sentiment";
import { type Sentiment as Mood, sentimentOfScore } from "../../domain/inbox";

const analyzer = new Sentiment();

/** A message's sentiment from the AFINN word list of the `sentiment` library (English), emoji included. */
export const sentimentOf = (text: string): Mood => sentimentOfScore(analyzer.analyze(text).comparative);
