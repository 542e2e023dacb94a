import { bioPageEvents, bioPagesProjection } from "../../domain/link-in-bio";
import { defineModule, moduleApi } from "../module";
import { LinkInBioApi } from "./api";
import { linkInBioHandlers } from "./api-handlers";
import { LinkInBio } from "./LinkInBio";
import { ensureDemoBioPage } from "./demo";
import { installBioLane } from "./bio-lane";

/** Link in bio: the workspace's public page of links, and the clicks on them. */
export const linkInBioModule = defineModule({
  name: "link-in-bio",
  events: bioPageEvents,
  auditKinds: [{ id: "link-in-bio", label: "Link in bio" }],
  layer: LinkInBio.layer,
  api: [moduleApi(LinkInBioApi, linkInBioHandlers)],
  projections: [bioPagesProjection],
  demo: (seed) => ensureDemoBioPage(seed.caller),
  // The published pages, from memory once visited.
  lanes: [{ name: "link-in-bio pages", install: ({ server, databaseUrl, render, warn }) => void installBioLane(server, databaseUrl, render, warn) }],
  auditSummaries: {
    BioPageCreated: () => "Started the link-in-bio page",
    BioPageEdited: (d) => `Edited the link-in-bio page "${d.title}"`,
    BioUsernameChosen: (d) => `Moved the link-in-bio page to /bio/${d.username}`,
    BioPagePublished: () => "Published the link-in-bio page",
    BioPageUnpublished: () => "Unpublished the link-in-bio page",
    BioLinkAdded: (d) => `Added the link "${d.title}" to the link-in-bio page`,
    BioLinkEdited: (d) => `Edited the link "${d.title}" of the link-in-bio page`,
    BioLinksReordered: () => "Reordered the links of the link-in-bio page",
    BioLinkDeleted: () => "Deleted a link of the link-in-bio page",
    BioLinkRestored: () => "Restored a deleted link of the link-in-bio page",
  },
});
