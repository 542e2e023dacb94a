/** A post takes at most this many files (POST/PUT /api/posts refuse more). */
export const MAX_MEDIA = 10;
