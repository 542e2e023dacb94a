import { hashtagGroupEvents, hashtagGroupsProjection } from "../../domain/hashtags";
import { defineModule, moduleApi } from "../module";
import { HashtagsApi } from "./api";
import { hashtagsHandlers } from "./api-handlers";
import { Hashtags } from "./Hashtags";

/** Hashtag research and the saved hashtag groups compose's Hashtag menu inserts. */
export const hashtagsModule = defineModule({
  name: "hashtags",
  events: hashtagGroupEvents,
  auditKinds: [{ id: "hashtags", label: "Hashtag groups" }],
  layer: Hashtags.layer,
  api: [moduleApi(HashtagsApi, hashtagsHandlers)],
  projections: [hashtagGroupsProjection],
  auditSummaries: {
    HashtagGroupSaved: (d) => `Saved the hashtag group "${d.name}" (${d.tags.join(" ")})`,
    HashtagGroupChanged: (d) => `Changed the hashtag group "${d.name}" (${d.tags.join(" ")})`,
    HashtagGroupDeleted: () => "Deleted a hashtag group",
  },
});
