/**
 * The compose screen's whole form state and every change to it, as one pure reducer: the fields,
 * the field errors, what is being saved or uploaded, the post being edited with the version it was
 * read at, and a version conflict waiting for the person to reload.
 */
import type { PlatformId } from "../../../domain/accounts";
import { withMedia, withoutMedia } from "../posts/post-media";
import { type Action, emptyForm, type FormState, type LoadedPost, type ScheduleType } from "./compose-model";

export interface ComposeState {
  readonly form: FormState;
  readonly errors: Readonly<Record<string, string>>;
  /** The action being sent, or null. */
  readonly saving: Action | null;
  /** Upload progress in percent, or null when nothing uploads. */
  readonly uploading: number | null;
  /** The post being edited (?post={id}) and the version the form was read at; null for a new post. */
  readonly editing: { readonly id: string; readonly version: number | null } | null;
  /** Someone else changed the post since it was read: the server's message, until the person reloads. */
  readonly conflict: string | null;
  /** The post is being read again after a conflict. */
  readonly reloading: boolean;
  /** The zone a new form starts in (the person's). */
  readonly defaultZone: string;
}

/** Fields set as they are chosen, with nothing else to change. */
type PlainField =
  | "content"
  | "scheduleDate"
  | "scheduleTime"
  | "timeZone"
  | "autoOptimize"
  | "recurringType"
  | "recurringDay"
  | "recurringDayOfWeek"
  | "endType"
  | "recurringEnd"
  | "queueOrder";

export type ComposeAction =
  | { readonly type: "fieldChanged"; readonly patch: Partial<Pick<FormState, PlainField>> }
  | { readonly type: "categoryChosen"; readonly categoryId: string }
  | { readonly type: "accountToggled"; readonly accountId: string }
  | { readonly type: "mediaAdded"; readonly urls: ReadonlyArray<string> }
  | { readonly type: "mediaRemoved"; readonly index: number }
  | { readonly type: "mediaCleared" }
  | { readonly type: "uploadProgressed"; readonly progress: number | null }
  | { readonly type: "optionChanged"; readonly platform: PlatformId; readonly key: string; readonly value: unknown }
  | { readonly type: "scheduleTypeChosen"; readonly scheduleType: ScheduleType }
  | { readonly type: "dateAndTimeAsked" }
  | { readonly type: "repeatToggled"; readonly repeat: boolean }
  | { readonly type: "weekdayToggled"; readonly weekday: number }
  | { readonly type: "repeatCountChanged"; readonly count: number; readonly max: number }
  | { readonly type: "submitRefused"; readonly errors: Record<string, string> }
  | { readonly type: "submitStarted"; readonly action: Action }
  | { readonly type: "submitSucceeded"; readonly version: number | null }
  | { readonly type: "submitFailed"; readonly errors: Record<string, string> }
  | { readonly type: "versionConflicted"; readonly message: string }
  | { readonly type: "reloadStarted" }
  | { readonly type: "reloadFailed" }
  /** `form`: the post read back into the form (compose-post.ts formFromPost, loaded with the post). */
  | { readonly type: "postLoaded"; readonly post: LoadedPost; readonly form: FormState };

/** What a new post starts with besides the date: a content template's text, files and accounts (?template={id}). */
export type ComposePrefill = Pick<FormState, "content" | "media" | "accountIds">;

export const initialComposeState = (timeZone: string, initialDate: string, prefill: ComposePrefill | null = null): ComposeState => ({
  form: { ...emptyForm(timeZone, initialDate), ...prefill },
  errors: {},
  saving: null,
  uploading: null,
  editing: null,
  conflict: null,
  reloading: false,
  defaultZone: timeZone,
});

const toggled = <T>(list: ReadonlyArray<T>, value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

const changeForm = (state: ComposeState, change: (form: FormState) => Partial<FormState>): ComposeState => ({
  ...state,
  form: { ...state.form, ...change(state.form) },
});

export const composeReducer = (state: ComposeState, action: ComposeAction): ComposeState => {
  switch (action.type) {
    case "fieldChanged":
      return changeForm(state, () => action.patch);
    case "categoryChosen":
      // A category limits the accounts offered: chosen ones start over.
      return changeForm(state, () => ({ categoryId: action.categoryId, accountIds: [] }));
    case "accountToggled":
      return changeForm(state, (f) => ({ accountIds: toggled(f.accountIds, action.accountId) }));
    case "mediaAdded":
      return changeForm(state, (f) => ({ media: withMedia(f.media, action.urls) }));
    case "mediaRemoved":
      return changeForm(state, (f) => ({ media: withoutMedia(f.media, action.index) }));
    case "mediaCleared":
      return changeForm(state, () => ({ media: [] }));
    case "uploadProgressed":
      return { ...state, uploading: action.progress };
    case "optionChanged":
      return changeForm(state, (f) => ({ options: { ...f.options, [action.platform]: { ...f.options[action.platform], [action.key]: action.value } } }));
    case "scheduleTypeChosen":
      return changeForm(state, (f) => ({ scheduleType: action.scheduleType, repeat: action.scheduleType === "recurring" ? true : f.repeat }));
    case "dateAndTimeAsked":
      return changeForm(state, (f) => ({ scheduleType: f.scheduleType === "recurring" ? "recurring" : "schedule" }));
    case "repeatToggled":
      // Repeating starts from a date: "now" becomes "schedule".
      return changeForm(state, (f) => ({ repeat: action.repeat, scheduleType: action.repeat && f.scheduleType === "now" ? "schedule" : f.scheduleType }));
    case "weekdayToggled":
      return changeForm(state, (f) => ({ recurringDays: toggled(f.recurringDays, action.weekday) }));
    case "repeatCountChanged":
      return changeForm(state, () => ({ recurringCount: Math.min(action.max, Math.max(1, action.count || 1)) }));
    case "submitRefused":
      return { ...state, errors: action.errors };
    case "submitStarted":
      return { ...state, errors: {}, saving: action.action, conflict: null };
    case "submitSucceeded":
      // A new post's form starts over; an edited one stays, at the version the server answered.
      return state.editing
        ? { ...state, saving: null, editing: { ...state.editing, version: action.version ?? state.editing.version } }
        : { ...state, saving: null, form: emptyForm(state.defaultZone, "") };
    case "submitFailed":
      return { ...state, saving: null, errors: action.errors };
    case "versionConflicted":
      // The person's text stays until they choose to reload.
      return { ...state, saving: null, conflict: action.message };
    case "reloadStarted":
      return { ...state, reloading: true };
    case "reloadFailed":
      return { ...state, reloading: false };
    case "postLoaded":
      return {
        ...state,
        form: action.form,
        editing: { id: action.post.id, version: typeof action.post.version === "number" ? action.post.version : null },
        errors: {},
        conflict: null,
        reloading: false,
      };
  }
};
