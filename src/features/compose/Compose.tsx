import { lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { AccountPicker } from "./AccountPicker";
import { ComposeActions } from "./ComposeActions";
import { type Action, type ComposeAccount, type ComposeCategory, LOAD_FAILED, selectedPlatforms } from "./compose-model";
import { type ComposePrefill, composeReducer, initialComposeState } from "./compose-reducer";
import { ContentEditor } from "./ContentEditor";
import { MediaMenus } from "./MediaMenus";
import { PostPreview } from "./PostPreview";
import { TextTools } from "./TextTools";
import { loadLater } from "./load-later";
import type { PostingPlatform } from "../../../domain/publishing/platform-rules";
import "./compose.css";
import { Later } from "../../components/ui/Later";

interface Props {
  /** Null when the accounts could not be read: the screen says so instead of offering none. */
  readonly accounts: ReadonlyArray<ComposeAccount> | null;
  /** The workspace's categories (read on the server with the accounts). */
  readonly categories: ReadonlyArray<ComposeCategory>;
  readonly timeZone: string;
  readonly today: string;
  readonly initialDate: string;
  readonly postId: string | null;
  /** A content template copied in (?template={id}): its text with its hashtags, its files, the accounts on its platforms. */
  readonly prefill: ComposePrefill | null;
  /** Name and character limit of each platform of the accounts (read on the server: the platform table stays out of the page's JS). */
  readonly names: Readonly<Record<string, string>>;
  readonly limits: Readonly<Record<string, number>>;
  /** What each of those platforms' posts must and may carry (the platform table's posting rules, read on the server). */
  readonly rules?: Readonly<Record<string, PostingPlatform>>;
  /** The names of the review and listing sites connected here, which take no posts: said instead of offered. */
  readonly noPosting?: ReadonlyArray<string>;
  /** Whether this server has an AI server set up: the AI buttons and the AI image entry work. */
  readonly ai?: boolean;
  /** The person's posts need approval (a member, with the team's setting on): the workspace's name. */
  readonly approval?: { readonly workspaceName: string } | null;
}

/**
 * What shows once an account is chosen, and the save and read code (compose-later.ts): loaded
 * then, when a post is opened, or by the first save; not with the page.
 */
const PlatformOptionsPanel = lazy(() => loadLater().then((m) => ({ default: m.PlatformOptionsPanel })));
const ScheduleSection = lazy(() => loadLater().then((m) => ({ default: m.ScheduleSection })));

const FAILED = "Failed to create post";

/** The Create Post screen (spec core §2-§5): its parts, wired to one form state (compose-reducer) and the posts API. */
export default function Compose({ accounts: loadedAccounts, categories, timeZone, today, initialDate, postId, prefill, names, limits, rules = {}, noPosting = [], ai = false, approval = null }: Props) {
  const accounts = loadedAccounts ?? [];
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(composeReducer, undefined, () => initialComposeState(timeZone, initialDate, prefill));
  const textArea = useRef<HTMLTextAreaElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const loadingSubmit = useRef(false);
  const { form, errors, saving, uploading, editing } = state;

  const chosenPlatforms = useMemo(() => selectedPlatforms(accounts, form.accountIds), [accounts, form.accountIds]);
  const hasAccount = form.accountIds.length > 0;
  // The rules' code comes with what shows once an account is chosen (compose-later.ts), not with the page.
  const [later, setLater] = useState<Awaited<ReturnType<typeof loadLater>> | null>(null);
  // What the chosen platforms would refuse, as the server would say it: shown by the counters, and the buttons refuse with it.
  const problems = useMemo(
    () => (later ? later.postingProblems(later.mediaFactsOf(form.media), chosenPlatforms.flatMap((p) => (rules[p] ? [rules[p]] : []))) : []),
    [later, form.media, chosenPlatforms, rules],
  );
  // With media, a platform whose text becomes the media's caption (Telegram) counts against the caption's limit.
  const textLimits = useMemo(() => {
    if (form.media.length === 0) return limits;
    const captions = Object.entries(rules).flatMap(([p, r]) => (r.posting.maxCaptionCharacters !== undefined ? [[p, r.posting.maxCaptionCharacters] as const] : []));
    return captions.length === 0 ? limits : { ...limits, ...Object.fromEntries(captions) };
  }, [limits, rules, form.media.length]);
  const busy = saving !== null || uploading !== null || !hydrated;
  const setContent = useCallback((content: string) => dispatch({ type: "fieldChanged", patch: { content } }), []);

  useEffect(() => {
    if (hasAccount) void loadLater().then((module) => setLater(() => module), () => undefined);
  }, [hasAccount]);

  /** Reads a post into the form; false when it could not (the reason is shown). */
  const readPost = (id: string) =>
    loadLater().then(
      (later) => later.readPost(id, timeZone, dispatch),
      () => {
        toast({ title: "Error", description: LOAD_FAILED, variant: "destructive" });
        return false;
      },
    );

  useEffect(() => {
    if (postId) void readPost(postId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId]);

  const reload = () => {
    if (!editing) return;
    dispatch({ type: "reloadStarted" });
    void readPost(editing.id).then((read) => {
      if (!read) dispatch({ type: "reloadFailed" });
    });
  };

  const chooseDateAndTime = () => {
    dispatch({ type: "dateAndTimeAsked" });
    // Post Scheduling comes with the code loaded once an account is chosen: the date is there once it has.
    void loadLater().then(
      () => requestAnimationFrame(() => dateInput.current?.focus()),
      () => undefined,
    );
  };

  const submit = async (action: Action) => {
    // Schedule with "Post now" chosen, or without a date and time: go where they are chosen, and say what is missing there.
    if (action === "schedule" && (state.form.scheduleType === "now" || !state.form.scheduleDate || !state.form.scheduleTime)) {
      chooseDateAndTime();
      if (state.form.scheduleType === "now") return;
    }
    // A second click while the save code loads does nothing (once loaded, submitStarted disables the buttons).
    if (loadingSubmit.current) return;
    loadingSubmit.current = true;
    let later;
    try {
      later = await loadLater();
    } catch {
      toast({ title: "Error", description: FAILED, variant: "destructive" });
      return;
    } finally {
      loadingSubmit.current = false;
    }
    await later.savePost(state, accounts, action, dispatch);
  };

  return (
    <div className="compose" data-testid="compose" data-hydrated={hydrated ? "true" : "false"}>
      <div className="compose-main">
        <header className="compose-head">
          <h1>{editing ? "Edit Post" : "Create Post"}</h1>
        </header>

        <section className="card compose-card">
          <AccountPicker
            accounts={loadedAccounts}
            categories={categories}
            categoryId={form.categoryId}
            accountIds={form.accountIds}
            names={names}
            noPosting={noPosting}
            error={errors.platforms}
            hydrated={hydrated}
            onCategory={(categoryId) => dispatch({ type: "categoryChosen", categoryId })}
            onToggle={(accountId) => dispatch({ type: "accountToggled", accountId })}
          />
          <ContentEditor
            content={form.content}
            onContent={setContent}
            textArea={textArea}
            error={errors.content}
            platforms={chosenPlatforms}
            names={names}
            limits={textLimits}
            problems={problems}
            hydrated={hydrated}
            ai={ai}
            tools={
              <TextTools
                content={form.content}
                textArea={textArea}
                onContent={setContent}
                hasMedia={form.media.length > 0}
                onClearMedia={() => dispatch({ type: "mediaCleared" })}
                disabled={!hydrated}
              />
            }
          />
          <div className="field">
            <span className="compose-label" id="compose-media-label">
              Media
            </span>
            <MediaMenus
              media={form.media}
              onAdd={(urls) => dispatch({ type: "mediaAdded", urls })}
              onRemove={(index) => dispatch({ type: "mediaRemoved", index })}
              uploading={uploading}
              onUploading={(progress) => dispatch({ type: "uploadProgressed", progress })}
              disabled={busy}
              ai={ai}
              content={form.content}
            />
          </div>
        </section>

        {hasAccount && (
          <Later>
            {chosenPlatforms.length > 0 && (
              <PlatformOptionsPanel
                platforms={chosenPlatforms}
                names={names}
                options={form.options}
                business={form.business}
                onChange={(platform, key, value) => dispatch({ type: "optionChanged", platform, key, value })}
              />
            )}
            <ScheduleSection form={form} dispatch={dispatch} today={today} platforms={chosenPlatforms} error={errors.scheduledAt} dateInput={dateInput} />
          </Later>
        )}

        <ComposeActions
          saving={saving}
          busy={busy}
          hasAccount={hasAccount}
          problems={problems}
          onSubmit={(action) => void submit(action)}
          onChooseDateAndTime={chooseDateAndTime}
          conflict={state.conflict}
          reloading={state.reloading}
          onReload={reload}
          approval={approval}
        />
      </div>

      <PostPreview
        platforms={chosenPlatforms}
        accounts={accounts}
        accountIds={form.accountIds}
        names={names}
        content={form.content}
        media={form.media}
        options={form.options}
      />
    </div>
  );
}
