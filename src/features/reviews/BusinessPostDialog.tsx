import { useRef, useState } from "react";
import { Dialog } from "../../components/ui/Dialog";
import { toast } from "../../islands/toast/toast-store";
import { apiErrorFields, apiErrorMessage } from "../../lib/api-client";
import { api } from "../../lib/api/client";
import { useFocusFirstInvalid } from "../../components/forms/use-focus-first-invalid";
import { PRICE_CURRENCIES } from "../../../domain/publishing/business-post";
import {
  BUSINESS_POST_MAX,
  BUSINESS_POST_TYPES,
  businessField,
  type BusinessPostForm,
  type BusinessPostType,
  businessPostErrors,
  businessPostPayload,
  characterCount,
  createdToast,
  emptyBusinessPost,
  googleText,
  type PostLocation,
  zonedNow,
} from "./business-post";

interface Props {
  readonly locations: ReadonlyArray<PostLocation>;
  /** The location chosen on the screen: the form starts on it. */
  readonly locationId: string;
  /** The user's time zone: Schedule's date and time are in it. */
  readonly timeZone: string;
  readonly onClose: () => void;
}

/** Where a server's field error shows: its own field ("businessData.offerTitle" under Offer title), or the text's when it names none of the form's. */
const FIELD_OF: Record<string, string> = { accountIds: "locationId", locationIds: "locationId", platforms: "locationId" };
const fieldOf = (name: string, form: BusinessPostForm) => {
  const key = name.replace(/^businessData\./, "");
  return FIELD_OF[key] ?? (key in form || key === "scheduledAt" ? key : "content");
};

const queueAction = { label: "View queue", onClick: () => window.location.assign("/app/queue") };

/** Create Business Post (spec engagement §2, §3): a post to one Business Profile location, of one of the five types, now or at a set time. */
export default function BusinessPostDialog({ locations, locationId, timeZone, onClose }: Props) {
  const [form, setForm] = useState<BusinessPostForm>(() => emptyBusinessPost(locationId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const today = zonedNow(new Date(), timeZone).date;
  /** Changes a field and drops its error (the date and time share Schedule's). */
  const set =
    <K extends keyof BusinessPostForm>(key: K) =>
    (value: BusinessPostForm[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      const shown = key === "scheduleDate" || key === "scheduleTime" || key === "when" ? "scheduledAt" : key === "eventTime" ? "eventDate" : key;
      setErrors((e) => {
        // Another type: its fields start without errors.
        if (key === "postType") return Object.fromEntries(Object.entries(e).filter(([name]) => ["locationId", "content", "scheduledAt"].includes(name)));
        if (!(shown in e)) return e;
        const { [shown]: _, ...rest } = e;
        return rest;
      });
    };
  const type = BUSINESS_POST_TYPES.find((t) => t.id === form.postType)!;
  const text = googleText(form);
  const count = characterCount(text);
  const adds = text !== form.content.trim() && form.content.trim() !== "";

  /** Props of a field's input: its id, invalid state and the id of its error. */
  const fieldProps = (name: string) => ({
    id: `gbp-post-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `gbp-post-${name}-error` : undefined,
  });
  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`gbp-post-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const focusFirstError = useFocusFirstInvalid(formRef);

  const submit = async () => {
    const refused = businessPostErrors(form, zonedNow(new Date(), timeZone));
    setErrors(refused);
    if (Object.keys(refused).length > 0) return focusFirstError();
    const location = locations.find((l) => l.id === form.locationId)!;
    setPending(true);
    try {
      const saved = await api.post("/api/posts", { payload: businessPostPayload(form, location, timeZone) });
      const said = createdToast(saved, location, timeZone);
      toast({ ...said, ...(saved?.status === "scheduled" ? { action: queueAction } : {}) });
      onClose();
    } catch (error) {
      const fields = apiErrorFields(error);
      // Every field's sentence has a place in the form (fieldOf): a toast only for a failure without one.
      setErrors(Object.fromEntries(Object.entries(fields).map(([name, message]) => [fieldOf(name, form), message])));
      if (Object.keys(fields).length === 0) {
        toast({ title: "Error", description: apiErrorMessage(error, "Failed to create the post. Please try again."), variant: "destructive" });
      }
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  /** The label of a type's field, as the API names it in its sentences. */
  const labelOf = (name: string) => {
    const field = businessField(form.postType, name);
    return field ? `${field.label}${field.required ? "" : " (optional)"}` : name;
  };
  const input = (
    name: keyof BusinessPostForm,
    extra: { type?: string; placeholder?: string; maxLength?: number; min?: string; inputMode?: "decimal" } = {},
  ) => (
    <div className="field">
      <label htmlFor={`gbp-post-${name}`}>{labelOf(name)}</label>
      <input
        {...fieldProps(name)}
        className="input"
        type={extra.type ?? "text"}
        value={form[name]}
        placeholder={extra.placeholder}
        maxLength={extra.maxLength ?? 200}
        min={extra.min}
        inputMode={extra.inputMode}
        onChange={(e) => set(name)(e.target.value as never)}
      />
      {errorOf(name)}
    </div>
  );

  return (
    <Dialog
      open
      title="Create Business Post"
      description="Post an update, offer, event or product to a location on Google."
      onClose={onClose}
      className="gbp-dialog"
    >
      <form
        ref={formRef}
        className="gbp-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="gbp-form-row">
          <div className="field">
            <label htmlFor="gbp-post-locationId">Location</label>
            <select {...fieldProps("locationId")} className="input" value={form.locationId} onChange={(e) => set("locationId")(e.target.value)}>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
            {errorOf("locationId")}
          </div>
          <div className="field">
            <label htmlFor="gbp-post-type">Post type</label>
            <select
              id="gbp-post-type"
              className="input"
              value={form.postType}
              aria-describedby="gbp-post-type-hint"
              onChange={(e) => set("postType")(e.target.value as BusinessPostType)}
            >
              {BUSINESS_POST_TYPES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="gbp-hint" id="gbp-post-type-hint">
          {type.onGoogle}
        </p>

        <div className="field">
          <label htmlFor="gbp-post-content">Text</label>
          <textarea
            {...fieldProps("content")}
            aria-describedby={[errors.content ? "gbp-post-content-error" : "", "gbp-post-count"].filter(Boolean).join(" ")}
            className="input"
            rows={5}
            value={form.content}
            placeholder="What's new at your business?"
            onChange={(e) => set("content")(e.target.value)}
          />
          <p className={count > BUSINESS_POST_MAX ? "gbp-count gbp-count-over" : "gbp-count"} id="gbp-post-count">
            {adds && <span>With the {form.postType === "product" ? "name and price" : form.postType === "offer" ? "description" : "place"}: </span>}
            {count.toLocaleString("en-US")} / {BUSINESS_POST_MAX.toLocaleString("en-US")}
          </p>
          {errorOf("content")}
        </div>

        {form.postType === "offer" && (
          <fieldset className="gbp-fieldset">
            <legend>Offer</legend>
            <div className="gbp-form-row">
              {input("offerTitle", { placeholder: "20% off whitening", maxLength: 58 })}
              {input("couponCode", { placeholder: "SPRING20", maxLength: 58 })}
            </div>
            <div className="field">
              <label htmlFor="gbp-post-offerDescription">{labelOf("offerDescription")}</label>
              <textarea
                {...fieldProps("offerDescription")}
                className="input"
                rows={2}
                maxLength={1000}
                value={form.offerDescription}
                placeholder="Terms, how to redeem…"
                onChange={(e) => set("offerDescription")(e.target.value)}
              />
              {errorOf("offerDescription")}
            </div>
            <div className="gbp-form-row">{input("validUntil", { type: "date", min: today })}</div>
          </fieldset>
        )}

        {form.postType === "event" && (
          <fieldset className="gbp-fieldset">
            <legend>Event</legend>
            {input("eventTitle", { placeholder: "Open house", maxLength: 58 })}
            <div className="field">
              <label htmlFor="gbp-post-eventDate">{labelOf("eventDate")}</label>
              <div className="gbp-form-row">
                <input
                  {...fieldProps("eventDate")}
                  className="input"
                  type="date"
                  min={today}
                  value={form.eventDate}
                  onChange={(e) => set("eventDate")(e.target.value)}
                />
                <input
                  id="gbp-post-eventTime"
                  className="input"
                  type="time"
                  aria-label="Time (optional)"
                  aria-describedby="gbp-post-eventTime-hint"
                  value={form.eventTime}
                  onChange={(e) => set("eventTime")(e.target.value)}
                />
              </div>
              <p className="gbp-hint" id="gbp-post-eventTime-hint">
                The time is optional.
              </p>
              {errorOf("eventDate")}
            </div>
            {input("eventLocation", { placeholder: "Our downtown office, 2nd floor" })}
          </fieldset>
        )}

        {form.postType === "product" && (
          <fieldset className="gbp-fieldset">
            <legend>Product</legend>
            <div className="gbp-form-row">
              {input("productName", { placeholder: "Electric toothbrush", maxLength: 100 })}
              {input("productPrice", { placeholder: "19.99", maxLength: 12, inputMode: "decimal" })}
              <div className="field">
                <label htmlFor="gbp-post-productCurrency">Currency</label>
                <select
                  id="gbp-post-productCurrency"
                  className="select"
                  value={form.productCurrency}
                  onChange={(e) => set("productCurrency")(e.target.value)}
                >
                  {PRICE_CURRENCIES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {input("productUrl", { type: "url", placeholder: "https://", maxLength: 1000 })}
          </fieldset>
        )}

        <fieldset className="gbp-fieldset gbp-when">
          <legend>When</legend>
          <div className="gbp-choices">
            <label>
              <input type="radio" name="gbp-when" value="now" checked={form.when === "now"} onChange={() => set("when")("now")} /> Post now
            </label>
            <label>
              <input type="radio" name="gbp-when" value="schedule" checked={form.when === "schedule"} onChange={() => set("when")("schedule")} /> Schedule
            </label>
          </div>
          {form.when === "schedule" && (
            <div className="gbp-form-row">
              <div className="field">
                <label htmlFor="gbp-post-scheduleDate">Date</label>
                <input
                  {...fieldProps("scheduledAt")}
                  id="gbp-post-scheduleDate"
                  className="input"
                  type="date"
                  min={today}
                  value={form.scheduleDate}
                  onChange={(e) => set("scheduleDate")(e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="gbp-post-scheduleTime">Time</label>
                <input
                  id="gbp-post-scheduleTime"
                  className="input"
                  type="time"
                  aria-invalid={errors.scheduledAt ? true : undefined}
                  value={form.scheduleTime}
                  onChange={(e) => set("scheduleTime")(e.target.value)}
                />
              </div>
            </div>
          )}
          {errorOf("scheduledAt")}
          {form.when === "schedule" && <p className="gbp-hint">Times are in {timeZone.replace(/_/g, " ")}.</p>}
        </fieldset>

        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? "Creating…" : "Create Post"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
