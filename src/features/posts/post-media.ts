/**
 * A post's media list and its limit, apart from the rest of the post form (post-form.ts) so that
 * the compose screen's first load does not bring the platform table with it.
 */

import { MAX_MEDIA } from "../../../domain/publishing/post-media";

export { MAX_MEDIA };

/** The media with `urls` added at the end: each file once, at most MAX_MEDIA. */
export const withMedia = (media: ReadonlyArray<string>, urls: ReadonlyArray<string>): string[] =>
  [...media, ...urls.filter((url, i) => !media.includes(url) && urls.indexOf(url) === i)].slice(0, MAX_MEDIA);

export const withoutMedia = (media: ReadonlyArray<string>, index: number): string[] => media.filter((_, i) => i !== index);
