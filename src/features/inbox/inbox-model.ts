/** The inbox screens' pure parts: which views there are, the query a filter makes, the toasts a reply ends with. */
import type { MessageType } from "../../../domain/inbox";

/** The three screens: the combined inbox, and one per kind (spec engagement §2). */
export type InboxView = "all" | "dm" | "comment";

export interface InboxFilterState {
  readonly type: "" | MessageType;
  readonly status: "" | "unread" | "read" | "replied";
  readonly platform: string;
  /** A person's id, "none" for nobody's, "" for anyone's. */
  readonly assignee: string;
  readonly sentiment: string;
  readonly priority: string;
  readonly q: string;
  readonly archived: boolean;
  /** Which workspaces: "" the one the person works in, "all" every one they may read (an agency's clients), or one workspace's id. */
  readonly workspace: string;
}

export const EMPTY_FILTER: InboxFilterState = { type: "", status: "", platform: "", assignee: "", sentiment: "", priority: "", q: "", archived: false, workspace: "" };

/** How many of the filters behind the Filters button are on (the view's type and the search box are shown anyway). */
export const activeFilters = (filter: InboxFilterState) =>
  (["status", "platform", "assignee", "sentiment", "priority"] as const).filter((name) => filter[name] !== "").length + (filter.archived ? 1 : 0);

/** The query of GET /api/social-inbox for a filter: the filters that are on (the page's cursor goes beside them). */
export const inboxQuery = (filter: InboxFilterState): Record<string, string> => {
  const query: Record<string, string> = {};
  for (const name of ["type", "status", "platform", "assignee", "sentiment", "priority"] as const) if (filter[name]) query[name] = filter[name];
  if (filter.q.trim()) query.q = filter.q.trim();
  if (filter.archived) query.archived = "true";
  if (filter.workspace) query.workspaces = "all";
  if (filter.workspace && filter.workspace !== "all") query.workspace = filter.workspace;
  return query;
};

/** Spec engagement §8: the toasts a reply ends with, by screen. */
export const replyToast = (view: InboxView, sent: boolean) => {
  if (sent) return { title: "Reply Sent! ✅", description: "Your response has been posted successfully." };
  if (view === "dm") return { title: "Failed to Send", description: "Could not send your reply. Please try again." };
  if (view === "comment") return { title: "Failed to Reply", description: "Could not post your reply. Please try again." };
  return { title: "Failed to Send Reply", description: "Please try again or check your connection." };
};

export const TYPE_LABELS: Readonly<Record<MessageType, string>> = { dm: "Message", comment: "Comment", mention: "Mention" };

export interface Person {
  readonly id: string;
  readonly name: string;
}

/**
 * Whom messages may be assigned to: the team of their own workspace (a client's message, the client's
 * team; the workspace the person works in is `people`), and for messages of several workspaces the
 * people in every one of those teams. The server accepts only someone of the message's own team.
 */
export const assigneesFor = (
  workspaceIds: ReadonlyArray<string>,
  teams: Readonly<Record<string, ReadonlyArray<Person>>>,
  people: ReadonlyArray<Person>,
): ReadonlyArray<Person> => {
  const distinct = [...new Set(workspaceIds)];
  if (distinct.length === 0) return people;
  const [first, ...rest] = distinct.map((id) => teams[id] ?? people);
  return first!.filter((person) => rest.every((team) => team.some((other) => other.id === person.id)));
};

/** Everyone of the teams read (the assignee filter across clients), each once, in the order first met. */
export const everyoneOf = (teams: Readonly<Record<string, ReadonlyArray<Person>>>, people: ReadonlyArray<Person>): ReadonlyArray<Person> => {
  const seen = new Map<string, Person>();
  for (const person of [...people, ...Object.values(teams).flat()]) if (!seen.has(person.id)) seen.set(person.id, person);
  return [...seen.values()];
};
