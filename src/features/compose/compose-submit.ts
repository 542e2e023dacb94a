/**
 * What Compose sends when a post is saved: its checks, the request body and the save itself; and
 * reading a post to edit. Loaded when an account is chosen, a post is opened or at the first save,
 * not with the page.
 */
import type { MenuItem } from "../../components/ui/Menu";
import { apiErrorCode, apiErrorFields, apiErrorMessage, shownBesideFields } from "../../lib/api-client";
import { api, type RequestOf } from "../../lib/api/client";
import { toast } from "../../islands/toast/toast-store";
import { localScheduledAt, validatePost, viewQueue, whenLabel } from "../posts/post-form";
import { type Action, type ComposeAccount, type FormState, LOAD_FAILED, type LoadedPost, type OptionsState, selectedPlatforms } from "./compose-model";
import { formFromPost } from "./compose-post";
import type { ComposeAction, ComposeState } from "./compose-reducer";

const SAVE_FAILED = "Failed to create post";
const CONFLICT = "This item was changed by someone else. Reload and try again.";

/** The fields whose errors Compose shows beside them (the account picker, the text, the schedule). */
const INLINE_FIELDS = ["platforms", "content", "scheduledAt"] as const;

const isBlank = (v: unknown) => typeof v === "string" && v.trim() === "";

/** Drops blank strings (in lists too), empty lists and unset values; only panels of selected platforms are sent. */
export const cleanOptions = (options: OptionsState, platforms: ReadonlyArray<string>): OptionsState => {
  const out: OptionsState = {};
  for (const platform of platforms) {
    const values = options[platform];
    if (!values) continue;
    const kept = Object.fromEntries(
      Object.entries(values)
        .map(([k, v]) => [k, Array.isArray(v) ? v.filter((x) => !isBlank(x)) : v] as const)
        .filter(([, v]) => v !== undefined && v !== null && !isBlank(v) && v !== false && !(Array.isArray(v) && v.length === 0)),
    );
    if (Object.keys(kept).length > 0) out[platform] = kept;
  }
  return out;
};

/** Compose's checks before sending: an account chosen; Schedule needs a date and a time. */
export const composeErrors = (form: FormState, action: Action): Record<string, string> =>
  validatePost({ ...form, targets: form.accountIds }, { requireDateAndTime: action === "schedule" });

/**
 * Spec core §4: Post Now → published (no scheduledAt); Schedule → scheduled with date + "T" + time
 * (recurring too); Add to Timeslot → scheduled at the next free slot the server picks in the form's
 * queue order; Add to Drafts → draft (keeps the chosen date and time when both are set).
 */
export const postPayload = (form: FormState, accounts: ReadonlyArray<ComposeAccount>, action: Action) => {
  const platforms = selectedPlatforms(accounts, form.accountIds);
  const status = action === "now" ? ("published" as const) : action === "draft" ? ("draft" as const) : ("scheduled" as const);
  const dated = action === "schedule" || action === "draft" ? localScheduledAt(form) : null;
  const recurring = action !== "now" && (form.scheduleType === "recurring" || form.repeat);
  return {
    content: form.content,
    platforms,
    accountIds: form.accountIds,
    media: form.media,
    status,
    scheduledAt: dated,
    timeZone: form.timeZone,
    categoryId: form.categoryId || null,
    // The panels' values as typed: the server's edge checks each platform's options.
    options: cleanOptions(form.options, platforms) as RequestOf<"POST", "/api/posts">["payload"]["options"],
    isRecurring: recurring,
    // A Business Profile offer, event or product keeps its type and details (compose does not change them).
    ...(form.business ? { postType: form.business.postType, businessData: form.business.businessData, locationIds: form.business.locationIds } : {}),
    ...(action === "timeslot" ? { addToTimeslot: true, queueOrder: form.queueOrder } : {}),
    ...(recurring
      ? {
          recurringInterval: form.recurringType,
          recurringDays: form.recurringType === "weekly" ? form.recurringDays : null,
          recurringDay: form.recurringType === "monthly" ? form.recurringDay : null,
          recurringDayOfWeek: form.recurringType === "monthly" ? form.recurringDayOfWeek : null,
          hasExpiration: form.endType === "after",
          expirationCount: form.endType === "after" ? Math.max(1, form.recurringCount) : null,
          endDate: form.endType === "on" && form.recurringEnd ? form.recurringEnd : null,
        }
      : {}),
  };
};

/** Checks the form and saves it (POST, or PUT with the version read when editing), then says how it went. */
export const savePost = async (
  { form, editing }: Pick<ComposeState, "form" | "editing">,
  accounts: ReadonlyArray<ComposeAccount>,
  action: Action,
  dispatch: (action: ComposeAction) => void,
) => {
  const refused = composeErrors(form, action);
  if (Object.keys(refused).length > 0) {
    dispatch({ type: "submitRefused", errors: refused });
    return;
  }
  dispatch({ type: "submitStarted", action });
  try {
    const payload = postPayload(action === "schedule" && form.scheduleType === "now" ? { ...form, scheduleType: "schedule" } : form, accounts, action);
    const saved = editing
      ? await api.put("/api/posts/:id", { params: { id: editing.id }, payload: editing.version === null ? payload : { ...payload, expectedVersion: editing.version } })
      : await api.post("/api/posts", { payload });
    toast({
      title: saved?.status === "awaiting_approval" ? "Submitted for Approval" : editing ? "Post updated" : "Post created",
      description:
        saved?.status === "awaiting_approval"
          ? "It was sent to an owner or admin for approval. You will get an e-mail when they decide."
          : action === "now"
            ? "Your post is being published."
            : action === "timeslot" && saved?.scheduledAt
              ? `Added to the next timeslot: ${whenLabel(saved.scheduledAt, form.timeZone)}.`
              : action === "draft"
                ? "Your post was saved to drafts."
                : saved?.scheduledAt
                  ? `Your post is scheduled for ${whenLabel(saved.scheduledAt, form.timeZone)}.`
                  : "Your post is scheduled.",
      ...(action === "draft" || action === "now" ? {} : { action: viewQueue }),
    });
    dispatch({ type: "submitSucceeded", version: typeof saved?.version === "number" ? saved.version : null });
  } catch (error) {
    if (apiErrorCode(error) === "version_conflict") {
      dispatch({ type: "versionConflicted", message: apiErrorMessage(error, CONFLICT) });
      return;
    }
    const fields = apiErrorFields(error);
    dispatch({ type: "submitFailed", errors: fields });
    if (!shownBesideFields(fields, INLINE_FIELDS)) toast({ title: "Error", description: apiErrorMessage(error, SAVE_FAILED), variant: "destructive" });
  }
};

/** Reads a post (?post={id}, or Reload) into the form, its zone or else `zone`; false when it could not (the reason is shown). */
export const readPost = async (id: string, zone: string, dispatch: (action: ComposeAction) => void): Promise<boolean> => {
  try {
    const post = await api.get("/api/posts/:id", { params: { id } });
    dispatch({ type: "postLoaded", post, form: formFromPost(post, zone) });
    return true;
  } catch (error) {
    toast({ title: "Error", description: apiErrorMessage(error, LOAD_FAILED), variant: "destructive" });
    return false;
  }
};

/** The Schedule Options menu's entries (its button shows once an account is chosen, when this module loads). */
export const scheduleOptionItems = (onSubmit: (action: Action) => void, onChooseDateAndTime: () => void): ReadonlyArray<MenuItem> => [
  { label: "Add to Timeslot", hint: "The next free best time of these accounts.", onSelect: () => onSubmit("timeslot") },
  { label: "Choose date & time", onSelect: onChooseDateAndTime },
];
