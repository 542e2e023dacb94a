import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { isVideoAddress } from "../../../domain/media/addresses";
import {
  BIO_LINK_TYPE_LABELS,
  BIO_MESSAGES,
  BIO_SOCIAL_PLATFORMS,
  BIO_TEXT_MAX,
  BIO_THEME_LABELS,
  BIO_THEMES,
  BIO_TITLE_MAX,
  BIO_USERNAME_MAX,
  type BioSocialPlatform,
  usernameProblem,
} from "../../../domain/link-in-bio/rules";
import type { BioLink, BioPage, BioSocialLink } from "../../../domain/link-in-bio/views";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorFields, apiErrorMessage, apiErrorStatus } from "../../lib/api-client";
import { api, type RequestOf } from "../../lib/api/client";
import BioAnalyticsPanel from "./BioAnalyticsPanel";
import BioPageView, { LinkTypeIcon } from "./BioPageView";
import {
  countOf,
  type LinkDraft,
  linkChanges,
  moveLink,
  shownAddress,
  SOCIAL_PLATFORM_NAMES,
  type TextField,
  textAfterAnswer,
  textValuesOf,
  withLinkRestored,
} from "./bio-view";
import { type LinkEditing, LinkDialog } from "./LinkDialog";
import { QrPanel, ShareTools } from "./ShareTools";
import "./link-in-bio.css";

/** The media gallery's picker, as content templates have it: loaded when first opened. */
const GalleryDialog = lazy(() => import("../compose/MediaDialogs").then((m) => ({ default: m.GalleryDialog })));

const TABS = [
  { id: "editor", label: "Editor" },
  { id: "design", label: "Design" },
  { id: "analytics", label: "Analytics" },
  { id: "settings", label: "Settings" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/** PUT /api/link-in-bio: any of the page's fields; the screen always sends its social links whole. */
type PageChanges = Omit<NonNullable<RequestOf<"PUT", "/api/link-in-bio">["payload"]>, "socialLinks"> & { readonly socialLinks?: ReadonlyArray<BioSocialLink> };
/** PUT /api/link-in-bio/links/{id}: any of the link's fields, or its place. */
type LinkChanges = NonNullable<RequestOf<"PUT", "/api/link-in-bio/links/:id">["payload"]>;

interface SocialRow extends BioSocialLink {
  /** Rows are keyed apart from their platform, which the person may change. */
  readonly key: number;
}

const SAVED_TEXT: Readonly<Record<TextField, string>> = { title: "Title saved", bio: "Bio saved", username: "Username saved" };
const SAVE_FAILED = "Your change could not be saved. Please try again.";

let nextRowKey = 1;
const rowsOf = (socialLinks: ReadonlyArray<BioSocialLink>): ReadonlyArray<SocialRow> => socialLinks.map((s) => ({ ...s, key: nextRowKey++ }));
/** What a social link list sends: rows with an address (a row just added and still empty is not a link yet). */
const socialOf = (rows: ReadonlyArray<SocialRow>): ReadonlyArray<BioSocialLink> =>
  rows.filter((row) => row.url.trim() !== "").map(({ platform, url, isVisible }) => ({ platform, url: url.trim(), isVisible }));
const sameSocial = (a: ReadonlyArray<BioSocialLink>, b: ReadonlyArray<BioSocialLink>) => JSON.stringify(a) === JSON.stringify(b);

/** The sentences of the fields a refusal names (a taken username answers 409 with its sentence). */
const refusedFields = (error: unknown): Record<string, string> =>
  apiErrorStatus(error) === 409 ? { username: apiErrorMessage(error, BIO_MESSAGES.usernameTaken) } : apiErrorFields(error);

interface Props {
  readonly initial: BioPage;
  /** This site's origin, for the page's address as it is typed. */
  readonly origin: string;
  readonly canManage: boolean;
  readonly demo: boolean;
  /** The public page says no "Made with" (a white-labelled agency's): nor does the preview. */
  readonly whiteLabel?: boolean;
}

/**
 * Link in Bio (spec engagement §2, issue 14): the page's profile, links and social links, its theme,
 * its address and publication, and its clicks, beside a live phone preview. Every change is saved at
 * once (text when its field is left) and offers an undo. Saves go one after the other, and an answer
 * never replaces what was typed after its request left.
 */
export default function LinkInBioEditor({ initial, origin, canManage, demo, whiteLabel = false }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const editable = hydrated && canManage;
  const [tab, setTab] = useState<TabId>("editor");
  const [page, setPage] = useState<BioPage>(initial);
  const [links, setLinks] = useState<ReadonlyArray<BioLink>>(initial.links);
  const [text, setText] = useState(() => ({ ...textValuesOf(initial), username: initial.username ?? initial.suggestedUsername }));
  const [social, setSocial] = useState<ReadonlyArray<SocialRow>>(() => rowsOf(initial.socialLinks));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(0);
  const [lastSave, setLastSave] = useState<"saved" | "failed" | null>(null);
  const [editingLink, setEditingLink] = useState<LinkEditing | null>(null);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<{ readonly id: string; readonly over: number } | null>(null);

  /** What the server last said of the text fields and social links, to tell edits from its answers. */
  const known = useRef(textValuesOf(initial));
  const knownSocial = useRef<ReadonlyArray<BioSocialLink>>(initial.socialLinks);
  const textNow = useRef(text);
  textNow.current = text;
  const socialNow = useRef(social);
  socialNow.current = social;
  const linksNow = useRef(links);
  linksNow.current = links;
  /** Page fields with a save still queued: an earlier answer does not put back their old value. */
  const queuedFields = useRef(new Map<string, number>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const focusAfterMove = useRef<string | null>(null);

  /** Runs the API calls one after the other (so answers come back in the order of the changes), showing Saving…/Saved. */
  const write = async <T,>(call: () => Promise<T>): Promise<T> => {
    setSaving((n) => n + 1);
    const result = queue.current.then(call, call);
    queue.current = result.catch(() => undefined);
    try {
      const value = await result;
      setLastSave("saved");
      return value;
    } catch (error) {
      setLastSave("failed");
      throw error;
    } finally {
      setSaving((n) => n - 1);
    }
  };

  const clearErrors = (...fields: ReadonlyArray<string>) =>
    setErrors((all) => (fields.some((f) => f in all) ? Object.fromEntries(Object.entries(all).filter(([f]) => !fields.includes(f))) : all));

  const applyAnswer = (answer: BioPage, sent: PageChanges) => {
    const before = known.current;
    const answered = textValuesOf(answer);
    known.current = answered;
    setText((shown) => textAfterAnswer(shown, before, sent, answered));
    const queued = (field: string) => (queuedFields.current.get(field) ?? 0) > 0;
    setPage((shown) => ({
      ...answer,
      theme: queued("theme") ? shown.theme : answer.theme,
      isPublished: queued("isPublished") ? shown.isPublished : answer.isPublished,
      profileImage: queued("profileImage") ? shown.profileImage : answer.profileImage,
    }));
    if (sent.socialLinks) {
      const wasSent = sent.socialLinks;
      // The server tidies addresses ("instagram.com/lee" → https://…): shown once nothing changed since.
      setSocial((rows) => (sameSocial(socialOf(rows), wasSent) ? [...rowsOf(answer.socialLinks), ...rows.filter((row) => row.url.trim() === "")] : rows));
    }
    knownSocial.current = answer.socialLinks;
  };

  /** PUT /api/link-in-bio with the changes; its toast offers the undo. False when refused (said at the field or in a toast). */
  const savePage = async (changes: PageChanges, done?: { readonly title: string; readonly undo?: PageChanges }): Promise<boolean> => {
    const fields = Object.keys(changes);
    clearErrors(...fields, "isPublished");
    for (const field of fields) queuedFields.current.set(field, (queuedFields.current.get(field) ?? 0) + 1);
    let answer: BioPage;
    try {
      answer = await write(() => api.put("/api/link-in-bio", { payload: changes }));
    } catch (error) {
      const refused = refusedFields(error);
      if (Object.keys(refused).length > 0) setErrors((all) => ({ ...all, ...refused }));
      else toast({ title: "Error", description: apiErrorMessage(error, SAVE_FAILED), variant: "destructive" });
      return false;
    } finally {
      for (const field of fields) queuedFields.current.set(field, (queuedFields.current.get(field) ?? 1) - 1);
    }
    applyAnswer(answer, changes);
    if (done) {
      const undo = done.undo;
      toast({ title: done.title, ...(undo ? { action: { label: "Undo", onClick: () => void savePage(undo, { title: "Change undone" }) } } : {}) });
    }
    return true;
  };

  /** A change shown at once and saved; put back as it was when refused. */
  const changeAtOnce = async <K extends "theme" | "isPublished" | "profileImage">(field: K, value: BioPage[K], title: string, extra: PageChanges = {}) => {
    const old = page[field];
    setPage((p) => ({ ...p, [field]: value }));
    const saved = await savePage({ ...extra, [field]: value }, { title, undo: { [field]: old } });
    if (!saved) setPage((p) => ({ ...p, [field]: old }));
  };

  // ---- Text fields: saved when left (Enter leaves a one-line field) ----
  const commitText = (field: TextField) => {
    const value = field === "bio" ? textNow.current[field] : textNow.current[field].trim();
    const old = known.current[field];
    if (value === old) return;
    if (field === "username") {
      const problem = usernameProblem(value);
      if (problem) return setErrors((all) => ({ ...all, username: problem }));
    }
    // A first username has nothing to go back to.
    void savePage({ [field]: value }, { title: SAVED_TEXT[field], ...(field === "username" && old === "" ? {} : { undo: { [field]: old } }) });
  };
  const textField = (field: TextField) => ({
    value: text[field],
    disabled: !editable,
    "aria-invalid": errors[field] ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = field === "username" ? event.target.value.toLowerCase() : event.target.value;
      setText((t) => ({ ...t, [field]: value }));
      // A new username answers "Choose a username before you publish" too: the next try says what still holds.
      if (field === "username") clearErrors("username", "isPublished");
      else clearErrors(field);
    },
    onBlur: () => commitText(field),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === "Enter" && event.currentTarget instanceof HTMLInputElement) event.currentTarget.blur();
    },
  });

  // ---- Profile image ----
  const chooseImage = (urls: ReadonlyArray<string>) => {
    const url = urls[0];
    if (!url) return;
    if (isVideoAddress(url)) {
      toast({ title: "Error", description: "Choose an image for your profile picture: a video can't be one.", variant: "destructive" });
      return;
    }
    void changeAtOnce("profileImage", url, "Profile image changed");
  };

  // ---- Publication ----
  const setPublished = (next: boolean) => {
    if (!next) return void changeAtOnce("isPublished", false, "Page unpublished");
    const username = textNow.current.username.trim();
    if (username === "") return setErrors((all) => ({ ...all, isPublished: BIO_MESSAGES.publishWithoutUsername }));
    const problem = usernameProblem(username);
    if (problem) return setErrors((all) => ({ ...all, username: problem, isPublished: BIO_MESSAGES.publishWithoutUsername }));
    // The username shown (the suggestion, or one typed and not saved yet) goes with the publication.
    void changeAtOnce("isPublished", true, "Page published", username === known.current.username ? {} : { username });
  };

  // ---- Social links ----
  const saveSocial = async (rows: ReadonlyArray<SocialRow>, title: string) => {
    const next = socialOf(rows);
    const old = knownSocial.current;
    if (sameSocial(next, old)) return;
    await savePage({ socialLinks: next }, { title, undo: { socialLinks: old } });
  };
  const changeSocial = (key: number, change: Partial<BioSocialLink>, saveNow: boolean) => {
    const rows = socialNow.current.map((row) => (row.key === key ? { ...row, ...change } : row));
    setSocial(rows);
    clearErrors("socialLinks");
    if (saveNow) void saveSocial(rows, "Social links saved");
  };
  const addSocial = () => {
    const used = new Set(socialNow.current.map((row) => row.platform));
    const platform = BIO_SOCIAL_PLATFORMS.find((p) => !used.has(p)) ?? BIO_SOCIAL_PLATFORMS[0];
    const key = nextRowKey++;
    setSocial((rows) => [...rows, { key, platform, url: "", isVisible: true }]);
    requestAnimationFrame(() => document.getElementById(`${id}-social-url-${key}`)?.focus());
  };
  const removeSocial = (key: number) => {
    const rows = socialNow.current.filter((row) => row.key !== key);
    setSocial(rows);
    void saveSocial(rows, "Social link removed");
  };

  // ---- Links ----
  const replaceLink = (link: BioLink) => setLinks((all) => all.map((l) => (l.id === link.id ? link : l)));

  const linkFailed = (error: unknown, fallback: string, putBack: ReadonlyArray<BioLink>) => {
    setLinks(putBack);
    toast({ title: "Error", description: apiErrorMessage(error, fallback), variant: "destructive" });
  };

  const submitLink = async (draft: LinkDraft): Promise<Record<string, string> | null> => {
    const editing = editingLink;
    try {
      if (editing?.mode === "edit") {
        const changes = linkChanges(editing.link, draft);
        if (Object.keys(changes).length > 0) {
          const saved = await write(() => api.put("/api/link-in-bio/links/:id", { params: { id: editing.link.id }, payload: changes }));
          replaceLink(saved);
          const undo = Object.fromEntries(Object.keys(changes).map((key) => [key, editing.link[key as keyof LinkDraft]]));
          toast({
            title: "Link updated",
            description: `"${saved.title}" is saved.`,
            action: { label: "Undo", onClick: () => void editLinkBack(saved.id, undo) },
          });
        }
      } else {
        const added = await write(() => api.post("/api/link-in-bio/links", { payload: draft }));
        setLinks((all) => [...all, added]);
        toast({
          title: "Link added",
          description: added.isVisible ? `"${added.title}" is on your page.` : `"${added.title}" is saved, hidden from the page.`,
          action: { label: "Undo", onClick: () => void removeLink(added, false) },
        });
      }
      setEditingLink(null);
      return null;
    } catch (error) {
      const refused = apiErrorFields(error);
      if (Object.keys(refused).length === 0)
        toast({ title: "Error", description: apiErrorMessage(error, "The link could not be saved. Please try again."), variant: "destructive" });
      return refused;
    }
  };

  const editLinkBack = async (linkId: string, changes: LinkChanges) => {
    try {
      replaceLink(await write(() => api.put("/api/link-in-bio/links/:id", { params: { id: linkId }, payload: changes })));
      toast({ title: "Change undone" });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, SAVE_FAILED), variant: "destructive" });
    }
  };

  const toggleVisible = async (link: BioLink) => {
    const before = linksNow.current;
    const isVisible = !link.isVisible;
    replaceLink({ ...link, isVisible });
    try {
      replaceLink(await write(() => api.put("/api/link-in-bio/links/:id", { params: { id: link.id }, payload: { isVisible } })));
      toast({
        title: isVisible ? "Link shown" : "Link hidden",
        description: isVisible ? `"${link.title}" is on your page again.` : `"${link.title}" is kept, hidden from visitors.`,
        action: { label: "Undo", onClick: () => void editLinkBack(link.id, { isVisible: !isVisible }) },
      });
    } catch (error) {
      linkFailed(error, SAVE_FAILED, before);
    }
  };

  async function removeLink(link: BioLink, offerUndo = true) {
    const before = linksNow.current;
    setLinks((all) => all.filter((l) => l.id !== link.id).map((l, order) => (l.order === order ? l : { ...l, order })));
    try {
      await write(() => api.delete("/api/link-in-bio/links/:id", { params: { id: link.id } }));
      toast({
        title: "Link deleted",
        description: `"${link.title}" is no longer on your page.`,
        ...(offerUndo ? { action: { label: "Undo", onClick: () => void restoreLink(link) } } : {}),
      });
    } catch (error) {
      linkFailed(error, "The link could not be deleted. Please try again.", before);
    }
  }

  const restoreLink = async (link: BioLink) => {
    try {
      const restored = await write(() => api.post("/api/link-in-bio/links/:id/restore", { params: { id: link.id } }));
      setLinks((all) => withLinkRestored(all, restored));
      toast({ title: "Link restored", description: `"${restored.title}" is back, with its clicks.` });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "The link could not be restored."), variant: "destructive" });
    }
  };

  const move = async (from: number, to: number, offerUndo = true) => {
    const before = linksNow.current;
    const link = before[from];
    if (!link || to < 0 || to >= before.length || from === to) return;
    setLinks(moveLink(before, from, to));
    setAnnouncement(`${link.title} moved to position ${to + 1} of ${before.length}.`);
    try {
      await write(() => api.put("/api/link-in-bio/links/:id", { params: { id: link.id }, payload: { order: to } }));
      if (offerUndo) {
        toast({
          title: "Link moved",
          description: `"${link.title}" is now number ${to + 1}.`,
          action: {
            label: "Undo",
            onClick: () => {
              const now = linksNow.current.findIndex((l) => l.id === link.id);
              if (now !== -1) void move(now, Math.min(from, linksNow.current.length - 1), false);
            },
          },
        });
      }
    } catch (error) {
      linkFailed(error, "The link could not be moved. Please try again.", before);
    }
  };

  const moveByKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, linkId: string) => {
    const to = event.key === "ArrowUp" ? index - 1 : event.key === "ArrowDown" ? index + 1 : null;
    if (to === null) return;
    event.preventDefault();
    focusAfterMove.current = `${id}-grip-${linkId}`;
    void move(index, to);
  };
  // A moved row's DOM node is moved too, which takes the focus from its handle: it is given back.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [links]);

  // Clicks arrive while the screen is open: the links' counts are read again when the person comes
  // back to the list (another tab of the browser, or of this screen); nothing else of the answer is taken.
  const refreshClicks = () =>
    void api.get("/api/link-in-bio").then(
      (fresh) => {
        const clicks = new Map(fresh.links.map((l) => [l.id, l.clicks]));
        setLinks((all) => all.map((l) => (clicks.has(l.id) && clicks.get(l.id) !== l.clicks ? { ...l, clicks: clicks.get(l.id)! } : l)));
      },
      () => undefined,
    );
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && refreshClicks();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
  const chooseTab = (next: TabId) => {
    if (next === tab) return;
    setTab(next);
    if (next === "editor") refreshClicks();
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    chooseTab(TABS[next]!.id);
    document.getElementById(`${id}-tab-${TABS[next]!.id}`)?.focus();
  };

  const savedUsername = page.username;
  const address = savedUsername ? `${origin}/bio/${savedUsername}` : null;
  const previewPage = { ...page, title: text.title, bio: text.bio, socialLinks: socialOf(social), links, username: savedUsername };
  const status = saving > 0 ? "Saving…" : lastSave === "failed" ? "Not saved" : lastSave === "saved" ? "Saved" : "";

  const profileCard = (
    <section className="card bio-section" aria-labelledby={`${id}-profile`}>
      <h2 id={`${id}-profile`}>Profile</h2>
      <div className="bio-profile-image">
        {page.profileImage ? (
          <img className="bio-editor-avatar" src={page.profileImage} alt="Profile image" width="64" height="64" />
        ) : (
          <span className="bio-editor-avatar bio-editor-avatar-empty" aria-hidden="true" />
        )}
        <div className="bio-profile-image-actions">
          <button type="button" className="btn btn-outline" disabled={!editable} onClick={() => setGalleryOpen(true)}>
            {page.profileImage ? "Change image" : "Choose from Media Library"}
          </button>
          {page.profileImage && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={!editable}
              onClick={() => void changeAtOnce("profileImage", null, "Profile image removed")}
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {errors.profileImage && <p className="field-error">{errors.profileImage}</p>}
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className="input" maxLength={BIO_TITLE_MAX + 20} autoComplete="off" {...textField("title")} />
        {errors.title && <p className="field-error">{errors.title}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea id={`${id}-bio`} className="input textarea" rows={3} aria-describedby={`${id}-bio-count`} {...textField("bio")} />
        <span id={`${id}-bio-count`} className={text.bio.length > BIO_TEXT_MAX ? "bio-counter field-error" : "bio-counter muted"}>
          {text.bio.length}/{BIO_TEXT_MAX}
        </span>
        {errors.bio && <p className="field-error">{errors.bio}</p>}
      </div>
    </section>
  );

  const linksCard = (
    <section className="card bio-section" aria-labelledby={`${id}-links`}>
      <div className="bio-section-head">
        <h2 id={`${id}-links`}>Links</h2>
        {canManage && (
          <button type="button" className="btn btn-primary" disabled={!editable} onClick={() => setEditingLink({ mode: "add" })}>
            Add Link
          </button>
        )}
      </div>
      {links.length === 0 ? (
        <div className="bio-empty" data-testid="bio-links-empty">
          <h3>No links yet</h3>
          <p className="muted">Add your website, booking page, shop, e-mail or phone: each becomes a button on your page.</p>
        </div>
      ) : (
        <>
          {editable && links.length > 1 && (
            <p className="muted bio-hint" id={`${id}-reorder-hint`}>
              Drag a link by its handle, or focus the handle and press the up and down arrow keys, to change the order.
            </p>
          )}
          <ol className="bio-link-list" data-testid="bio-link-list">
            {links.map((link, index) => (
              <li
                key={link.id}
                className={`bio-link-row${link.isVisible ? "" : " bio-link-hidden"}${dragging?.id === link.id ? " bio-dragging" : ""}${dragging && dragging.over === index && dragging.id !== link.id ? " bio-drop-target" : ""}`}
                data-testid="bio-link-row"
                draggable={editable}
                onDragStart={(event) => {
                  event.dataTransfer.setData("text/plain", link.id);
                  event.dataTransfer.effectAllowed = "move";
                  setDragging({ id: link.id, over: index });
                }}
                onDragOver={(event) => {
                  if (!dragging) return;
                  event.preventDefault();
                  if (dragging.over !== index) setDragging({ ...dragging, over: index });
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = links.findIndex((l) => l.id === dragging?.id);
                  setDragging(null);
                  if (from !== -1) void move(from, index);
                }}
                onDragEnd={() => setDragging(null)}
              >
                {editable && (
                  <button
                    type="button"
                    id={`${id}-grip-${link.id}`}
                    className="bio-grip"
                    aria-label={`Reorder ${link.title}, number ${index + 1} of ${links.length}`}
                    aria-describedby={`${id}-reorder-hint`}
                    onKeyDown={(event) => moveByKey(event, index, link.id)}
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" />
                    </svg>
                  </button>
                )}
                <span className="bio-link-icon" title={BIO_LINK_TYPE_LABELS[link.type]}>
                  <LinkTypeIcon type={link.type} />
                </span>
                <div className="bio-link-main">
                  <span className="bio-link-name">{link.title}</span>
                  <span className="bio-link-address muted">{shownAddress(link.url)}</span>
                  <span className="bio-link-meta muted">
                    {BIO_LINK_TYPE_LABELS[link.type]} · {countOf(link.clicks, "click")}
                  </span>
                </div>
                <label className="ui-switch bio-link-switch" title={link.isVisible ? "Shown on the page" : "Hidden from the page"}>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={link.isVisible}
                    disabled={!editable}
                    aria-label={`Show ${link.title} on the page`}
                    onChange={() => void toggleVisible(link)}
                  />
                  <span className="bio-switch-label" aria-hidden="true">
                    {link.isVisible ? "Visible" : "Hidden"}
                  </span>
                </label>
                <div className="bio-link-actions">
                  {canManage && (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost bio-icon-btn"
                        aria-label={`Move ${link.title} up`}
                        disabled={!editable || index === 0}
                        onClick={() => void move(index, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost bio-icon-btn"
                        aria-label={`Move ${link.title} down`}
                        disabled={!editable || index === links.length - 1}
                        onClick={() => void move(index, index + 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost"
                        aria-label={`Edit ${link.title}`}
                        disabled={!editable}
                        onClick={() => setEditingLink({ mode: "edit", link })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost bio-delete"
                        aria-label={`Delete ${link.title}`}
                        disabled={!editable}
                        onClick={() => void removeLink(link)}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      {errors.links && <p className="field-error">{errors.links}</p>}
    </section>
  );

  const socialCard = (
    <section className="card bio-section" aria-labelledby={`${id}-social`}>
      <div className="bio-section-head">
        <h2 id={`${id}-social`}>Social links</h2>
        {canManage && (
          <button type="button" className="btn btn-outline" disabled={!editable || social.length >= BIO_SOCIAL_PLATFORMS.length} onClick={addSocial}>
            Add social link
          </button>
        )}
      </div>
      {social.length === 0 ? (
        <p className="muted">Your profiles' icons show under your bio. Add the networks you are on.</p>
      ) : (
        <ul className="bio-social-list">
          {social.map((row) => (
            <li key={row.key} className="bio-social-row" data-testid="bio-social-row">
              <label className="visually-hidden" htmlFor={`${id}-social-platform-${row.key}`}>
                Network
              </label>
              <select
                id={`${id}-social-platform-${row.key}`}
                className="input bio-social-platform"
                value={row.platform}
                disabled={!editable}
                onChange={(e) => changeSocial(row.key, { platform: e.target.value as BioSocialPlatform }, true)}
              >
                {BIO_SOCIAL_PLATFORMS.map((p) => (
                  <option key={p} value={p} disabled={p !== row.platform && social.some((other) => other.platform === p)}>
                    {SOCIAL_PLATFORM_NAMES[p]}
                  </option>
                ))}
              </select>
              <label className="visually-hidden" htmlFor={`${id}-social-url-${row.key}`}>
                {SOCIAL_PLATFORM_NAMES[row.platform]} address
              </label>
              <input
                id={`${id}-social-url-${row.key}`}
                className="input bio-social-url"
                value={row.url}
                placeholder={`https://${row.platform === "x" ? "x" : row.platform}.com/yourname`}
                autoComplete="off"
                spellCheck={false}
                disabled={!editable}
                onChange={(e) => changeSocial(row.key, { url: e.target.value }, false)}
                onBlur={() => void saveSocial(socialNow.current, "Social links saved")}
                onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
              />
              <label className="ui-switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={row.isVisible}
                  disabled={!editable}
                  aria-label={`Show ${SOCIAL_PLATFORM_NAMES[row.platform]} on the page`}
                  onChange={(e) => changeSocial(row.key, { isVisible: e.target.checked }, true)}
                />
                <span className="bio-switch-label">Visible</span>
              </label>
              {canManage && (
                <button
                  type="button"
                  className="btn btn-ghost bio-delete"
                  aria-label={`Remove ${SOCIAL_PLATFORM_NAMES[row.platform]}`}
                  disabled={!editable}
                  onClick={() => removeSocial(row.key)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {errors.socialLinks && <p className="field-error">{errors.socialLinks}</p>}
    </section>
  );

  const designCard = (
    <section className="card bio-section" aria-labelledby={`${id}-theme`}>
      <h2 id={`${id}-theme`}>Theme</h2>
      <p className="muted">Visitors see your page in this theme.</p>
      <div className="bio-themes" role="radiogroup" aria-labelledby={`${id}-theme`}>
        {BIO_THEMES.map((theme) => (
          <label key={theme} className={`bio-theme-card${page.theme === theme ? " bio-theme-chosen" : ""}`} data-testid="bio-theme">
            <input
              type="radio"
              name={`${id}-theme`}
              className="visually-hidden"
              value={theme}
              checked={page.theme === theme}
              disabled={!editable}
              onChange={() => void changeAtOnce("theme", theme, `Theme changed to ${BIO_THEME_LABELS[theme]}`)}
            />
            <span className="bio-swatch bio-page" data-theme={theme} aria-hidden="true">
              <span className="bio-swatch-avatar" />
              <span className="bio-swatch-line" />
              <span className="bio-swatch-button" />
              <span className="bio-swatch-button" />
            </span>
            <span className="bio-theme-name">
              {BIO_THEME_LABELS[theme]}
              {page.theme === theme && <span className="badge badge-brand">Selected</span>}
            </span>
          </label>
        ))}
      </div>
    </section>
  );

  const settingsCard = (
    <>
      <section className="card bio-section" aria-labelledby={`${id}-address`}>
        <h2 id={`${id}-address`}>Your page's address</h2>
        <div className="field">
          <label htmlFor={`${id}-username`}>Username</label>
          <div className="bio-username">
            <span className="bio-username-prefix muted" aria-hidden="true">
              {origin.replace(/^https?:\/\//, "")}/bio/
            </span>
            <input
              id={`${id}-username`}
              className="input"
              maxLength={BIO_USERNAME_MAX + 10}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${id}-username-hint`}
              {...textField("username")}
            />
          </div>
          <span className="muted bio-hint" id={`${id}-username-hint`}>
            {savedUsername === null && text.username === page.suggestedUsername ? "Suggested from your workspace's name, and free. " : ""}
            Lower-case letters, digits, dots, hyphens and underscores.
          </span>
          {errors.username && <p className="field-error">{errors.username}</p>}
        </div>
        {/* The address only for a username the page could have: never for an empty, malformed or reserved one. */}
        {usernameProblem(text.username.trim()) === null ? (
          <p className="bio-address">
            <span className="muted">Public address: </span>
            <span data-testid="bio-address">{`${origin}/bio/${text.username.trim()}`}</span>
          </p>
        ) : (
          <p className="bio-address muted" data-testid="bio-address-missing">
            Your page's address shows here once the username is valid.
          </p>
        )}
        <label className="ui-switch bio-publish">
          <input type="checkbox" role="switch" checked={page.isPublished} disabled={!editable} onChange={(e) => setPublished(e.target.checked)} />
          <span>
            <strong>Published</strong>
            <span className="muted bio-hint">
              {page.isPublished ? "Anyone with the address sees your page." : "Only you see it: its address answers that the page isn't available."}
            </span>
          </span>
        </label>
        {errors.isPublished && (
          <p className="field-error" role="alert">
            {errors.isPublished}
          </p>
        )}
      </section>
      <section className="card bio-section" aria-labelledby={`${id}-qr`}>
        <h2 id={`${id}-qr`}>QR Code</h2>
        {address && savedUsername ? (
          <QrPanel address={address} username={savedUsername} />
        ) : (
          <p className="muted">Save a username to get your page's QR code.</p>
        )}
      </section>
    </>
  );

  return (
    <div className="bio-editor" data-testid="link-in-bio" data-hydrated={hydrated ? "true" : undefined}>
      {!canManage && (
        <p className="card bio-readonly" role="note">
          {demo
            ? "Demo mode is read-only. Start your free trial to build your own page."
            : "You can look at this page; changing it takes the permission to manage posts."}
        </p>
      )}
      <div className="bio-toolbar">
        <p className="bio-status muted" role="status" data-testid="bio-save-status">
          {status}
        </p>
        <ShareTools username={savedUsername} address={address} title={text.title} isPublished={page.isPublished} hydrated={hydrated} />
      </div>
      <div className="bio-layout">
        <div className="bio-main">
          <div className="bio-tabs" role="tablist" aria-label="Link in bio" onKeyDown={onTabKey}>
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`${id}-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`${id}-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                className="bio-tab"
                onClick={() => chooseTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          {TABS.map((t) => (
            <div key={t.id} role="tabpanel" id={`${id}-panel-${t.id}`} aria-labelledby={`${id}-tab-${t.id}`} hidden={tab !== t.id} className="bio-panel">
              {tab === t.id &&
                (t.id === "editor" ? (
                  <>
                    {profileCard}
                    {linksCard}
                    {socialCard}
                  </>
                ) : t.id === "design" ? (
                  designCard
                ) : t.id === "analytics" ? (
                  <BioAnalyticsPanel />
                ) : (
                  settingsCard
                ))}
            </div>
          ))}
        </div>
        <div className="bio-preview-column">
          <button
            type="button"
            className="btn btn-outline bio-preview-toggle"
            aria-expanded={previewOpen}
            aria-controls={`${id}-phone`}
            onClick={() => setPreviewOpen((o) => !o)}
          >
            {previewOpen ? "Hide phone preview" : "Phone preview"}
          </button>
          <aside id={`${id}-phone`} className={`bio-phone-wrap${previewOpen ? " bio-phone-open" : ""}`} aria-label="Phone preview" data-testid="bio-preview">
            <div className="bio-phone">
              {/* It scrolls: reachable by keyboard even when the page shown has no link to tab to. */}
              <div className="bio-phone-screen" tabIndex={0} role="group" aria-label="The page as a phone shows it">
                <BioPageView page={previewPage} live={false} whiteLabel={whiteLabel} />
              </div>
            </div>
          </aside>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <LinkDialog editing={editingLink} onClose={() => setEditingLink(null)} onSubmit={submitLink} />
      {galleryOpen && (
        <Suspense fallback={null}>
          <GalleryDialog open addedTo="page" onAdd={chooseImage} onClose={() => setGalleryOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
