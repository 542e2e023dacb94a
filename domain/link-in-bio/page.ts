import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { BioContent, BioLinkFields, BioPageEvent } from "./events";
import { BIO_LINK_TITLE_MAX, BIO_LINKS_MAX, BIO_MESSAGES, BIO_TEXT_MAX, BIO_TITLE_MAX, linkAddressOf, socialAddressOf, usernameProblem } from "./rules";

interface LinkState extends BioLinkFields {
  readonly deleted: boolean;
}

export interface BioPageState {
  readonly exists: boolean;
  readonly content: BioContent | null;
  readonly username: string | null;
  readonly published: boolean;
  readonly links: ReadonlyMap<string, LinkState>;
  /** The page's links (not deleted) in their order. */
  readonly order: ReadonlyArray<string>;
}

export const bioPageDecider: Decider<BioPageState, BioPageEvent> = {
  initialState: () => ({ exists: false, content: null, username: null, published: false, links: new Map(), order: [] }),
  evolve: (state, event) => {
    const withLink = (id: string, link: LinkState) => new Map(state.links).set(id, link);
    switch (event.type) {
      case "BioPageCreated": {
        const { workspaceId: _, ...content } = event.data;
        return { ...state, exists: true, content };
      }
      case "BioPageEdited":
        return { ...state, content: event.data };
      case "BioUsernameChosen":
        return { ...state, username: event.data.username };
      case "BioPagePublished":
        return { ...state, published: true };
      case "BioPageUnpublished":
        return { ...state, published: false };
      case "BioLinkAdded": {
        const { linkId, ...fields } = event.data;
        return { ...state, links: withLink(linkId, { ...fields, deleted: false }), order: [...state.order, linkId] };
      }
      case "BioLinkEdited": {
        const { linkId, ...fields } = event.data;
        return { ...state, links: withLink(linkId, { ...fields, deleted: false }) };
      }
      case "BioLinksReordered":
        return { ...state, order: event.data.linkIds };
      case "BioLinkDeleted": {
        const link = state.links.get(event.data.linkId)!;
        return { ...state, links: withLink(event.data.linkId, { ...link, deleted: true }), order: state.order.filter((id) => id !== event.data.linkId) };
      }
      case "BioLinkRestored": {
        const link = state.links.get(event.data.linkId)!;
        return { ...state, links: withLink(event.data.linkId, { ...link, deleted: false }), order: [...state.order, event.data.linkId] };
      }
    }
  },
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<BioPageEvent>, E>;

const refuse = (fields: Record<string, string>) => Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields }));

/** What a page starts from before its first change: the workspace's name as its title. */
export const defaultBioContent = (workspaceName: string): BioContent => ({
  title: workspaceName.slice(0, BIO_TITLE_MAX),
  bio: "",
  profileImage: null,
  theme: "minimal",
  socialLinks: [],
});

/** The events that make the page exist, before any change to a new one. */
const created = (state: BioPageState, workspaceId: string, workspaceName: string): ReadonlyArray<BioPageEvent> =>
  state.exists ? [] : [{ type: "BioPageCreated", data: { workspaceId, ...defaultBioContent(workspaceName) } }];

const contentOf = (state: BioPageState, workspaceName: string) => state.content ?? defaultBioContent(workspaceName);

/** The page's content tidied, or the sentences refusing it (per field). */
export const checkBioContent = (content: BioContent): Effect.Effect<BioContent, InvalidInput> => {
  const fields: Record<string, string> = {};
  const title = content.title.trim();
  if (title === "") fields.title = BIO_MESSAGES.titleRequired;
  else if (title.length > BIO_TITLE_MAX) fields.title = BIO_MESSAGES.titleTooLong;
  const bio = content.bio.trim();
  if (bio.length > BIO_TEXT_MAX) fields.bio = BIO_MESSAGES.bioTooLong;
  const image = content.profileImage?.trim() || null;
  if (image !== null && !isProfileImage(image)) fields.profileImage = BIO_MESSAGES.profileImageInvalid;
  const socialLinks = content.socialLinks.map((social) => ({ ...social, url: socialAddressOf(social.url) }));
  if (socialLinks.some((social) => social.url === null)) fields.socialLinks = BIO_MESSAGES.socialUrlInvalid;
  if (Object.keys(fields).length > 0) return refuse(fields);
  return Effect.succeed({ title, bio, profileImage: image, theme: content.theme, socialLinks: socialLinks.map((s) => ({ ...s, url: s.url! })) });
};

/** An image of this server's media library (`/media/…`) or an https address. */
const isProfileImage = (text: string) => {
  if (/^\/media\/[^\s]+$/.test(text)) return true;
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
};

export interface EditBioPage {
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly username?: string;
  readonly title?: string;
  readonly bio?: string;
  readonly profileImage?: string | null;
  readonly theme?: BioContent["theme"];
  readonly socialLinks?: BioContent["socialLinks"];
  readonly isPublished?: boolean;
}

/**
 * The page's settings: any of its content, its username and whether it is published. What did not
 * change records nothing; publishing asks for a username. A username taken by another page is
 * refused by the read model's unique index, in the same transaction.
 */
export const editBioPage =
  (command: EditBioPage) =>
  (state: BioPageState): Decision<InvalidInput> =>
    Effect.gen(function* () {
      const before = contentOf(state, command.workspaceName);
      const given = Object.fromEntries(
        (["title", "bio", "profileImage", "theme", "socialLinks"] as const).filter((k) => command[k] !== undefined).map((k) => [k, command[k]]),
      );
      const content = yield* checkBioContent({ ...before, ...given });
      const username = command.username === undefined ? state.username : command.username.trim().toLowerCase();
      if (command.username !== undefined) {
        const problem = usernameProblem(username ?? "");
        if (problem) return yield* refuse({ username: problem });
      }
      const published = command.isPublished ?? state.published;
      if (published && !username) return yield* refuse({ isPublished: BIO_MESSAGES.publishWithoutUsername });

      const events: BioPageEvent[] = [];
      if (JSON.stringify(content) !== JSON.stringify(before)) events.push({ type: "BioPageEdited", data: content });
      if (username !== state.username && username) events.push({ type: "BioUsernameChosen", data: { username } });
      if (published !== state.published) events.push(published ? { type: "BioPagePublished", data: {} } : { type: "BioPageUnpublished", data: {} });
      return events.length === 0 ? [] : [...created(state, command.workspaceId, command.workspaceName), ...events];
    });

/** A link's fields tidied (its address as it will open), or the sentences refusing them. */
export const checkBioLink = (fields: BioLinkFields): Effect.Effect<BioLinkFields, InvalidInput> => {
  const errors: Record<string, string> = {};
  const title = fields.title.trim();
  if (title === "") errors.title = BIO_MESSAGES.linkTitleRequired;
  else if (title.length > BIO_LINK_TITLE_MAX) errors.title = BIO_MESSAGES.linkTitleTooLong;
  const address = linkAddressOf(fields.type, fields.url);
  if ("error" in address) errors.url = address.error;
  if (Object.keys(errors).length > 0) return refuse(errors);
  return Effect.succeed({ ...fields, title, url: "url" in address ? address.url : fields.url });
};

export const addBioLink =
  (command: { readonly workspaceId: string; readonly workspaceName: string; readonly linkId: string } & BioLinkFields) =>
  (state: BioPageState): Decision<InvalidInput> =>
    state.links.has(command.linkId)
      ? Effect.succeed([])
      : state.order.length >= BIO_LINKS_MAX
        ? refuse({ links: BIO_MESSAGES.tooManyLinks })
        : Effect.map(checkBioLink(command), ({ title, url, type, isVisible }): ReadonlyArray<BioPageEvent> => [
            ...created(state, command.workspaceId, command.workspaceName),
            { type: "BioLinkAdded", data: { linkId: command.linkId, title, url, type, isVisible } },
          ]);

const existingLink = (state: BioPageState, linkId: string) => {
  const link = state.links.get(linkId);
  return link && !link.deleted ? Effect.succeed(link) : Effect.fail(new NotFound({ what: "link" }));
};

/** Any of a link's fields, and its new place (`order`, 0-based, kept within the page). */
export const editBioLink =
  (linkId: string, changes: Partial<BioLinkFields> & { readonly order?: number }) =>
  (state: BioPageState): Decision<InvalidInput | NotFound> =>
    Effect.gen(function* () {
      const link = yield* existingLink(state, linkId);
      const { deleted: _, ...before } = link;
      const { order, ...given } = changes;
      const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<BioLinkFields>;
      // The address is checked again under a new type (an e-mail link's bare address).
      const next = yield* checkBioLink({ ...before, ...defined });
      const events: BioPageEvent[] = [];
      if (JSON.stringify(next) !== JSON.stringify(before)) events.push({ type: "BioLinkEdited", data: { linkId, ...next } });
      if (order !== undefined) {
        const others = state.order.filter((id) => id !== linkId);
        const place = Math.min(order, others.length);
        const linkIds = [...others.slice(0, place), linkId, ...others.slice(place)];
        if (linkIds.some((id, i) => id !== state.order[i])) events.push({ type: "BioLinksReordered", data: { linkIds } });
      }
      return events;
    });

export const deleteBioLink =
  (linkId: string) =>
  (state: BioPageState): Decision<NotFound> =>
    Effect.map(existingLink(state, linkId), (): ReadonlyArray<BioPageEvent> => [{ type: "BioLinkDeleted", data: { linkId } }]);

/** Undoes a delete: the link comes back at the end with its clicks. Restoring a link that is there records nothing. */
export const restoreBioLink =
  (linkId: string) =>
  (state: BioPageState): Decision<NotFound | Conflict> => {
    const link = state.links.get(linkId);
    if (!link) return Effect.fail(new NotFound({ what: "link" }));
    if (!link.deleted) return Effect.succeed([]);
    if (state.order.length >= BIO_LINKS_MAX) return Effect.fail(new Conflict({ message: BIO_MESSAGES.tooManyLinks }));
    return Effect.succeed([{ type: "BioLinkRestored", data: { linkId } }]);
  };
