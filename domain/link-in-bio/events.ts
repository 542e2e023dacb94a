import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { BIO_LINK_TYPES, BIO_SOCIAL_PLATFORMS, BIO_THEMES } from "./rules";

const socialLink = Schema.Struct({ platform: Schema.Literals(BIO_SOCIAL_PLATFORMS), url: Schema.String, isVisible: Schema.Boolean });

const content = {
  title: Schema.String,
  bio: Schema.String,
  profileImage: Schema.NullOr(Schema.String),
  theme: Schema.Literals(BIO_THEMES),
  socialLinks: Schema.Array(socialLink),
};

const link = { title: Schema.String, url: Schema.String, type: Schema.Literals(BIO_LINK_TYPES), isVisible: Schema.Boolean };

/** Events of a workspace's link-in-bio page (`link-in-bio-{workspaceId}`): its content, address, publication and links. */
export const bioPageEvents = defineEvents({
  /** The page's first change: what it starts from. */
  BioPageCreated: Schema.Struct({ workspaceId: Schema.String, ...content }),
  BioPageEdited: Schema.Struct(content),
  BioUsernameChosen: Schema.Struct({ username: Schema.String }),
  BioPagePublished: Schema.Struct({}),
  BioPageUnpublished: Schema.Struct({}),
  /** Added at the end of the page. */
  BioLinkAdded: Schema.Struct({ linkId: Schema.String, ...link }),
  BioLinkEdited: Schema.Struct({ linkId: Schema.String, ...link }),
  /** The links' new order, every link of the page. */
  BioLinksReordered: Schema.Struct({ linkIds: Schema.Array(Schema.String) }),
  BioLinkDeleted: Schema.Struct({ linkId: Schema.String }),
  /** A deleted link back at the end of the page, its clicks with it. */
  BioLinkRestored: Schema.Struct({ linkId: Schema.String }),
});

export type BioPageEvent = EventOf<typeof bioPageEvents.schemas>;
export type BioContent = Extract<BioPageEvent, { type: "BioPageEdited" }>["data"];
export type BioLinkFields = Omit<Extract<BioPageEvent, { type: "BioLinkEdited" }>["data"], "linkId">;

const PREFIX = "link-in-bio-";
export const bioPageStreamId = (workspaceId: string) => `${PREFIX}${workspaceId}`;
export const workspaceOfBioStream = (streamId: string) => streamId.slice(PREFIX.length);
