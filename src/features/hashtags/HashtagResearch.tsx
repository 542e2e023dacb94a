import { type FormEvent, useEffect, useState } from "react";
import { platformById } from "../../../domain/accounts/platforms";
import type { HashtagResult, RecentHashtag, TrendingHashtag } from "../../../domain/hashtags/research";
// The rules alone (no Effect): what the island needs of the domain.
import { FORMULAS, HASHTAG_MESSAGES, RESEARCH_PLATFORMS, type ResearchPlatform } from "../../../domain/hashtags/rules";
import type { HashtagGroup, HashtagSearch, ResearchBasis } from "../../../infra/hashtags/Hashtags";
import { Field } from "../../components/forms/Field";
import { Dialog } from "../../components/ui/Dialog";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import "./hashtags.css";

interface Props {
  readonly initialTrending: ReadonlyArray<TrendingHashtag>;
  readonly initialBasis: ResearchBasis;
  readonly initialGroups: ReadonlyArray<HashtagGroup>;
  /** The hashtags of the workspace's latest published posts: one click searches one. */
  readonly recent: ReadonlyArray<RecentHashtag>;
  /** Saving, changing and deleting groups (those who write posts, outside the demo). */
  readonly canManage: boolean;
}

/** "All platforms", or the platform's name as the catalogue gives it. */
const platformName = (platform: ResearchPlatform) => (platform === "all" ? "All platforms" : platformById(platform).name);

const TIPS = [
  "Mix a few broad hashtags with specific ones: Easy and Medium tags give a post a chance to be seen.",
  "Keep the hashtags that bring engagement on your own posts; drop those that never do.",
  "Instagram takes up to 30 hashtags, but 3 to 5 relevant ones usually read better; on LinkedIn and Twitter, 1 to 3.",
  "Save the sets you reuse as groups: compose's Hashtag menu inserts a whole group at once.",
];

type GroupDraft = { readonly id: string | null; readonly name: string; readonly tags: string };

const basisLine = (basis: ResearchBasis) =>
  `Based on ${basis.posts === 1 ? "1 published post" : `${basis.posts} published posts`} of yours from the last ${basis.windowDays} days (${platformName(basis.platform)})${
    basis.bluesky === "counted" ? " and public Bluesky posts of the last 7 days." : "."
  }`;

const riseText = (t: TrendingHashtag) => (t.rise === null ? "New" : `+${t.rise}%`);

/** Hashtag research (spec engagement §2): search by keyword and platform, result cards, the trending list, tips and saved groups. */
export default function HashtagResearch({ initialTrending, initialBasis, initialGroups, recent, canManage }: Props) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const [platform, setPlatform] = useState<ResearchPlatform>("all");
  const [queryError, setQueryError] = useState<string | undefined>();
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<HashtagSearch | null>(null);
  const [selected, setSelected] = useState<ReadonlyArray<string>>([]);
  const [trending, setTrending] = useState<{ list: ReadonlyArray<TrendingHashtag> | null; basis: ResearchBasis }>({
    list: initialTrending,
    basis: initialBasis,
  });
  const [groups, setGroups] = useState(initialGroups);
  const [draft, setDraft] = useState<GroupDraft | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // The server rendered the list of "all": read again when another platform is chosen.
    if (trending.basis.platform === platform) return;
    setTrending((t) => ({ ...t, list: null }));
    api.get("/api/hashtags/trending", { query: { platform } }).then(
      (answer) => setTrending({ list: answer.trending, basis: answer.basedOn }),
      (error) => {
        setTrending((t) => ({ ...t, list: [] }));
        toast({ title: "Error", description: apiErrorMessage(error, "Failed to load the trending hashtags."), variant: "destructive" });
      },
    );
  }, [platform]);

  const search = async (text: string, on: ResearchPlatform = platform) => {
    if (text.trim() === "") {
      setQueryError(HASHTAG_MESSAGES.blankQuery);
      return;
    }
    setQueryError(undefined);
    setSearching(true);
    try {
      const answer = await api.post("/api/hashtags/search", { payload: { query: text, platform: on } });
      setFound(answer);
      setSelected([]);
      toast({
        title: "Search Complete",
        description: `Found ${answer.hashtags.length === 1 ? "1 hashtag" : `${answer.hashtags.length} hashtags`} for "${text.trim()}".`,
      });
    } catch (error) {
      const fields = apiErrorFields(error);
      if (fields.query) setQueryError(fields.query);
      else toast({ title: "Search Failed", description: "Unable to search hashtags. Please try again.", variant: "destructive" });
    } finally {
      setSearching(false);
    }
  };

  const searchFor = (tag: string) => {
    setQuery(tag);
    void search(tag);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void search(query);
  };

  // Here, not in a helper: some browsers allow writing to the clipboard only right after the click.
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied", description: `${text} is on your clipboard.` });
    } catch {
      toast({ title: "Could not copy", description: "Your browser did not allow copying. Select the hashtags and copy them instead.", variant: "destructive" });
    }
  };

  const toggle = (tag: string) => setSelected((list) => (list.includes(tag) ? list.filter((t) => t !== tag) : [...list, tag]));

  const openDraft = (next: GroupDraft) => {
    setDraftErrors({});
    setDraft(next);
  };

  const saveGroup = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    try {
      const body = { name: draft.name, tags: draft.tags };
      const saved = draft.id
        ? await api.put("/api/hashtag-groups/:id", { params: { id: draft.id }, payload: body })
        : await api.post("/api/hashtag-groups", { payload: body });
      setGroups((list) => [...list.filter((g) => g.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name)));
      setDraft(null);
      setSelected([]);
      toast({ title: draft.id ? "Group Updated" : "Group Saved", description: `"${saved.name}": ${saved.tags.join(" ")}` });
    } catch (error) {
      const fields = apiErrorFields(error);
      setDraftErrors(fields);
      if (!shownBesideFields(fields, ["name", "tags"])) {
        toast({ title: "Error", description: apiErrorMessage(error, "Failed to save the group. Please try again."), variant: "destructive" });
      }
    } finally {
      setSaving(false);
    }
  };

  const deleteGroup = async (group: HashtagGroup) => {
    if (!window.confirm(`Delete the group "${group.name}"?`)) return;
    try {
      await api.delete("/api/hashtag-groups/:id", { params: { id: group.id } });
      setGroups((list) => list.filter((g) => g.id !== group.id));
      toast({ title: "Group Deleted", description: `"${group.name}" is gone.` });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to delete the group. Please try again."), variant: "destructive" });
    }
  };

  const basis = found?.basedOn ?? trending.basis;

  return (
    <div className="hashtags" data-testid="hashtag-research" data-hydrated={hydrated ? "true" : "false"}>
      <div className="hashtags-main">
        <section className="card hashtags-search" aria-labelledby="hashtags-search-title">
          <h2 id="hashtags-search-title">Search hashtags</h2>
          <form className="hashtags-form" onSubmit={onSubmit} noValidate>
            <Field id="hashtag-query" label="Keyword or #hashtag" error={queryError}>
              <input
                id="hashtag-query"
                className="input"
                type="search"
                value={query}
                maxLength={200}
                placeholder="e.g. dental or #smile"
                aria-invalid={queryError ? true : undefined}
                onChange={(e) => setQuery(e.target.value)}
              />
            </Field>
            <Field id="hashtag-platform" label="Platform">
              <select id="hashtag-platform" className="input" value={platform} onChange={(e) => setPlatform(e.target.value as ResearchPlatform)}>
                {RESEARCH_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {platformName(p)}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className="btn btn-primary" disabled={!hydrated || searching}>
              {searching ? "Searching…" : "Search"}
            </button>
          </form>
          {recent.length > 0 && (
            <div className="hashtags-related hashtags-recent">
              <span className="muted hashtags-small">Recently used:</span>
              {recent.map((r) => (
                <button key={r.tag} type="button" className="hashtags-chip" onClick={() => searchFor(r.tag)}>
                  {r.tag}
                </button>
              ))}
            </div>
          )}
          {basis.posts === 0 && (
            <p className="hashtags-note" data-testid="hashtags-no-data">
              <strong>No data yet.</strong> You have no published posts in the last {basis.windowDays} days ({platformName(basis.platform)}), so there is no
              engagement, trend or related hashtag of yours to show. Publish posts with hashtags and their figures appear here.{" "}
              <a href="/app/compose">Compose a post</a>
            </p>
          )}
        </section>

        <section className="hashtags-results" aria-labelledby="hashtags-results-title" aria-busy={searching}>
          <div className="hashtags-head">
            <h2 id="hashtags-results-title">Results</h2>
            {found && found.hashtags.length > 0 && (
              <div className="hashtags-actions">
                <button type="button" className="btn btn-outline" disabled={selected.length === 0} onClick={() => void copy(selected.join(" "))}>
                  Copy selected
                </button>
                {canManage && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={selected.length === 0}
                    onClick={() => openDraft({ id: null, name: "", tags: selected.join(" ") })}
                  >
                    Save as group
                  </button>
                )}
              </div>
            )}
          </div>
          {found && <p className="muted hashtags-basis">{basisLine(found.basedOn)}</p>}
          {found?.basedOn.blueskyNote && <p className="muted hashtags-basis">{found.basedOn.blueskyNote}</p>}
          {searching ? (
            <ul className="hashtags-cards" aria-label="Loading results">
              {[0, 1, 2].map((i) => (
                <li key={i} className="card hashtags-card is-loading" aria-hidden="true" />
              ))}
            </ul>
          ) : found === null ? (
            <p className="hashtags-empty">Search a keyword or a #hashtag to see its volume, difficulty, your engagement with it and related hashtags.</p>
          ) : (
            <ul className="hashtags-cards">
              {found.hashtags.map((h) => (
                <ResultCard
                  key={h.tag}
                  result={h}
                  selected={selected.includes(h.tag)}
                  onToggle={() => toggle(h.tag)}
                  onCopy={() => void copy(h.tag)}
                  onSearch={searchFor}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <aside className="hashtags-side">
        <section className="card" aria-labelledby="hashtags-trending-title">
          <h2 id="hashtags-trending-title">Trending in your posts</h2>
          <p className="muted hashtags-small">{FORMULAS.trending}</p>
          {trending.list === null ? (
            <p className="muted" aria-busy="true">
              Loading…
            </p>
          ) : trending.list.length === 0 ? (
            <p className="hashtags-empty" data-testid="hashtags-trending-empty">
              {trending.basis.posts === 0
                ? `No data yet: nothing of yours is published in the last ${trending.basis.windowDays} days.`
                : "Nothing rising this week: none of your hashtags is in more posts than the week before."}
            </p>
          ) : (
            <ol className="hashtags-trending" data-testid="hashtags-trending">
              {trending.list.map((t) => (
                <li key={t.tag}>
                  <button type="button" className="hashtags-link" onClick={() => searchFor(t.tag)}>
                    {t.tag}
                  </button>
                  <span className="badge badge-accent">{riseText(t)}</span>
                  <span className="muted hashtags-small">{t.basedOn}</span>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="card" aria-labelledby="hashtags-groups-title" data-testid="hashtag-groups">
          <div className="hashtags-head">
            <h2 id="hashtags-groups-title">Saved groups</h2>
            {canManage && (
              <button type="button" className="btn btn-ghost" onClick={() => openDraft({ id: null, name: "", tags: "" })}>
                New group
              </button>
            )}
          </div>
          {groups.length === 0 ? (
            <p className="hashtags-empty">No saved groups yet. Select hashtags in the results and save them as a group: compose's Hashtag menu inserts them.</p>
          ) : (
            <ul className="hashtags-groups">
              {groups.map((g) => (
                <li key={g.id} data-testid="hashtag-group">
                  <strong>{g.name}</strong>
                  <p className="hashtags-tags">{g.tags.join(" ")}</p>
                  <div className="hashtags-actions">
                    <button type="button" className="btn btn-ghost" onClick={() => void copy(g.tags.join(" "))} aria-label={`Copy ${g.name}`}>
                      Copy
                    </button>
                    {canManage && (
                      <>
                        <button
                          type="button"
                          className="btn btn-ghost"
                          onClick={() => openDraft({ id: g.id, name: g.name, tags: g.tags.join(" ") })}
                          aria-label={`Edit ${g.name}`}
                        >
                          Edit
                        </button>
                        <button type="button" className="btn btn-ghost" onClick={() => void deleteGroup(g)} aria-label={`Delete ${g.name}`}>
                          Delete
                        </button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="hashtags-formulas-title">
          <h2 id="hashtags-formulas-title">How the figures are computed</h2>
          <ul className="hashtags-formulas">
            {Object.values(FORMULAS).map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="hashtags-tips-title">
          <h2 id="hashtags-tips-title">Tips</h2>
          <ul className="hashtags-formulas">
            {TIPS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </section>
      </aside>

      <Dialog open={draft !== null} title={draft?.id ? "Edit hashtag group" : "Save hashtag group"} onClose={() => setDraft(null)}>
        {draft && (
          <form className="hashtags-dialog" onSubmit={saveGroup} noValidate>
            <Field id="group-name" label="Group name" error={draftErrors.name}>
              <input
                id="group-name"
                className="input"
                value={draft.name}
                maxLength={60}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                autoFocus
              />
            </Field>
            <Field id="group-tags" label="Hashtags" error={draftErrors.tags}>
              <textarea id="group-tags" className="input" rows={3} value={draft.tags} onChange={(e) => setDraft({ ...draft, tags: e.target.value })} />
            </Field>
            <p className="muted hashtags-small">Separate them with spaces or commas; a # is added where it is missing.</p>
            <div className="ui-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setDraft(null)}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? "Saving…" : "Save group"}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </div>
  );
}

/** One result: its figures, each with what it is based on, its related hashtags, and copy and select. */
function ResultCard({
  result,
  selected,
  onToggle,
  onCopy,
  onSearch,
}: {
  readonly result: HashtagResult;
  readonly selected: boolean;
  readonly onToggle: () => void;
  readonly onCopy: () => void;
  readonly onSearch: (tag: string) => void;
}) {
  const difficultyTone = result.difficultyLabel === "Hard" ? "badge-danger" : result.difficultyLabel === "Medium" ? "badge-brand" : "badge-accent";
  return (
    <li className={`card hashtags-card${selected ? " is-selected" : ""}`} data-testid="hashtag-result">
      <div className="hashtags-card-head">
        <label className="hashtags-pick">
          <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select ${result.tag}`} />
          <span className="hashtags-tag">{result.tag}</span>
        </label>
        <button type="button" className="btn btn-ghost" onClick={onCopy} aria-label={`Copy ${result.tag}`}>
          Copy
        </button>
      </div>
      <p className="hashtags-uses muted">
        {result.uses === 0 ? "In none of your posts yet" : result.uses === 1 ? "In 1 of your posts" : `In ${result.uses} of your posts`}
        {result.trending && <span className="badge badge-accent">Trending</span>}
      </p>
      <dl className="hashtags-figures">
        <div title={result.basedOn.volume}>
          <dt>Volume</dt>
          <dd>{result.volumeLabel ?? "—"}</dd>
        </div>
        <div title={result.basedOn.difficulty}>
          <dt>Difficulty</dt>
          <dd>
            {result.difficulty === null ? (
              "—"
            ) : (
              <>
                {result.difficulty} <span className={`badge ${difficultyTone}`}>{result.difficultyLabel}</span>
              </>
            )}
          </dd>
        </div>
        <div title={result.basedOn.difficulty}>
          <dt>Competition</dt>
          <dd>{result.competition ?? "—"}</dd>
        </div>
        <div title={result.basedOn.engagement}>
          <dt>Engagement</dt>
          <dd>{result.engagement === null ? "—" : `${result.engagement} per post`}</dd>
        </div>
      </dl>
      <details className="hashtags-based">
        <summary>Based on</summary>
        <ul>
          <li>Volume: {result.basedOn.volume}</li>
          <li>Difficulty: {result.basedOn.difficulty}</li>
          <li>Engagement: {result.basedOn.engagement}</li>
          <li>Trend: {result.basedOn.trending}</li>
          <li>Related: {result.basedOn.related}</li>
        </ul>
      </details>
      {result.related.length > 0 && (
        <div className="hashtags-related">
          <span className="muted hashtags-small">Related:</span>
          {result.related.map((tag) => (
            <button key={tag} type="button" className="hashtags-chip" onClick={() => onSearch(tag)}>
              {tag}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
