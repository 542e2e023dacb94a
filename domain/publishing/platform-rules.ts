import type { Platform, PlatformId } from "../accounts/platforms";

/**
 * What each chosen platform would refuse in a post, by the platform table's `posting` rules: compose
 * shows these sentences before saving, POST and PUT /api/posts refuse with the first of them, for a
 * sandbox account as for a real one (the sandbox teaches only what the platforms allow).
 *
 * The table comes in as an argument (only its type is imported here) so that the compose screen
 * can check with the rules of its accounts' platforms, read on the server, without the whole table.
 */

export type PostingPlatform = Pick<Platform, "id" | "name" | "posting">;

/** One attached file as far as it is known: a library file's kind and size, a web address's kind by its extension. */
export interface MediaFact {
  readonly ref: string;
  readonly kind: "image" | "video" | null;
  readonly bytes: number | null;
  /** What the person calls it (the library's file name); the address otherwise. */
  readonly name?: string;
}

export interface PlatformProblem {
  readonly platform: PlatformId;
  /** The field to fix: `platforms` (choose another) or `media` (attach other files). */
  readonly field: "platforms" | "media";
  readonly message: string;
}

export const NO_POSTING_MESSAGE = "No posting: the site allows none.";

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|avif)$/i;
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i;

/** An address's kind by its file extension (null when it does not say). */
export const mediaKindOfRef = (ref: string): MediaFact["kind"] => {
  const path = ref.split(/[?#]/)[0] ?? "";
  return IMAGE_EXTENSIONS.test(path) ? "image" : VIDEO_EXTENSIONS.test(path) ? "video" : null;
};

/** What is known of files by their addresses alone. */
export const mediaFactsOf = (refs: ReadonlyArray<string>): MediaFact[] => refs.map((ref) => ({ ref, kind: mediaKindOfRef(ref), bytes: null }));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const megabytes = (bytes: number) => `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;
const fileName = (m: MediaFact) => m.name ?? m.ref.split(/[?#]/)[0]!.split("/").pop() ?? m.ref;

/** A post of the platform may mix photos and videos: its limit is said of both. */
const takesBoth = (rules: PostingPlatform["posting"]) => rules.mixed && rules.maxImages > 0 && rules.maxVideos > 0;
const tooMany = (name: string, max: number) => `${name} takes at most ${plural(max, "photo or video", "photos or videos")}.`;

/** Each platform's first problem with the post, in the order of the platforms given; none when every one would take it. */
export const postingProblems = (media: ReadonlyArray<MediaFact>, platforms: ReadonlyArray<PostingPlatform>): PlatformProblem[] => {
  const images = media.filter((m) => m.kind === "image");
  const videos = media.filter((m) => m.kind === "video");
  const unknown = media.length - images.length - videos.length;
  const problems: PlatformProblem[] = [];
  for (const { id, name, posting: rules } of platforms) {
    const problem = (field: PlatformProblem["field"], message: string) => problems.push({ platform: id, field, message });
    if (!rules.accepts) {
      problem("platforms", `${name}: ${NO_POSTING_MESSAGE}`);
      continue;
    }
    const bigImage = rules.maxImageBytes === undefined ? undefined : images.find((m) => m.bytes !== null && m.bytes > rules.maxImageBytes!);
    const bigVideo = rules.maxVideoBytes === undefined ? undefined : videos.find((m) => m.bytes !== null && m.bytes > rules.maxVideoBytes!);
    // A file of unknown kind may be the video or photo asked for: only what is known is refused.
    if (rules.requires === "video" && videos.length === 0 && unknown === 0) problem("media", `${name} needs a video.`);
    else if (rules.requires === "media" && media.length === 0) problem("media", `${name} needs a photo or video.`);
    else if (images.length > 0 && rules.maxImages === 0) problem("media", `${name} takes a video, not images.`);
    else if (videos.length > 0 && rules.maxVideos === 0) problem("media", `${name} takes no videos.`);
    else if (!rules.mixed && images.length > 0 && videos.length > 0) problem("media", `${name} takes images or a video, not both.`);
    else if (takesBoth(rules) && media.length > rules.maxItems) problem("media", tooMany(name, rules.maxItems));
    else if (images.length > rules.maxImages) problem("media", `${name} takes at most ${plural(rules.maxImages, "image", "images")}.`);
    else if (videos.length > rules.maxVideos) problem("media", `${name} takes at most ${plural(rules.maxVideos, "video", "videos")}.`);
    else if (media.length > rules.maxItems) problem("media", tooMany(name, rules.maxItems));
    else if (bigImage) problem("media", `${fileName(bigImage)} is ${megabytes(bigImage.bytes!)}; ${name} takes images up to ${megabytes(rules.maxImageBytes!)}.`);
    else if (bigVideo) problem("media", `${fileName(bigVideo)} is ${megabytes(bigVideo.bytes!)}; ${name} takes videos up to ${megabytes(rules.maxVideoBytes!)}.`);
  }
  return problems;
};
