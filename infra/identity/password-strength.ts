import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE = "This password is too common or too easy to guess. Try a few unrelated words, or a longer password.";

/**
 * zxcvbn's score (0-4) from its estimate of the guesses a cracker needs; below 2 is under about a
 * million guesses: the most common passwords (zxcvbn's list of some 49,000, with their capitals,
 * l33t spellings and reversals: "P@ssw0rd", "drowssap") and keyboard walks, sequences, repeats and
 * words followed by a year.
 */
const MIN_SCORE = 2;

/**
 * Built on first use (parsing the dictionary takes some 30 ms), on the server only: this module
 * is imported by the forms' schemas, which no island loads. Only the first 100 characters are
 * weighed: a longer password is not among the common ones, and the cost grows with the length.
 */
let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { "passwords-common": dictionary["passwords-common"] },
    graphs: adjacencyGraphs,
    maxLength: 100,
  }));

/** Whether a new password is one of the common ones, or as easy to guess: such a password is refused at register, reset and change. */
export const isCommonPassword = (password: string): boolean => zxcvbn().check(password).score < MIN_SCORE;
