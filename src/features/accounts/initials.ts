/* A module of its own: the avatar is on many pages, which need not carry Connect Accounts' search rules with it. */

/** Up to two initials of an account's name ("Lee Dental FB" → "LD"), "?" when it has no letter or digit. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, "")][0]!.toUpperCase())
    .join("") || "?";
