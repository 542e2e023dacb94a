/*
 * The team's rules (spec engagement §6, §9; core §8): who can be invited as what, how long an
 * invitation lasts, and the sentences a refusal answers with.
 */

/** Roles an invitation can give: the owner is the one who created the workspace (spec engagement §6), the viewer reads only (FAQ). */
export const INVITABLE_ROLES = ["admin", "member", "viewer"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
/** Every role but the owner's, which never changes hands by these commands. */
export const MEMBER_ROLES = INVITABLE_ROLES;
export type MemberRole = InvitableRole;

/** Invitations expire after 7 days (spec engagement §9). */
export const INVITE_DAYS = 7;
export const INVITE_TTL_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;

/** A client's approval link works for 14 days, for at most 50 posts. */
export const APPROVAL_LINK_DAYS = 14;

/** What became of a client's approval link, from its posts: decided on (all approved, or some sent back), waiting, or expired with posts still waiting. */
export type ApprovalLinkOutcome = "approved" | "sent_back" | "waiting" | "expired";
export interface ApprovalLinkPosts {
  readonly approved: number;
  readonly sentBack: number;
  readonly waiting: number;
}
export const approvalLinkOutcome = (posts: ApprovalLinkPosts, expired: boolean): ApprovalLinkOutcome =>
  posts.waiting > 0 ? (expired ? "expired" : "waiting") : posts.sentBack > 0 ? "sent_back" : "approved";
export const APPROVAL_LINK_MAX_POSTS = 50;

export const ROLE_LABELS: Readonly<Record<"owner" | InvitableRole, string>> = { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" };

/**
 * An agency's white label (white_label): its name, logo and colour on its clients' approval pages.
 * Colours are presets, each with the shades the pages need (styles are classes: the CSP allows no inline style).
 */
export const BRAND_COLORS = {
  "#2563EB": "Blue",
  "#4F46E5": "Indigo",
  "#7C3AED": "Violet",
  "#DB2777": "Pink",
  "#DC2626": "Red",
  "#EA580C": "Orange",
  "#16A34A": "Green",
  "#0D9488": "Teal",
  "#334155": "Slate",
} as const;
export type BrandColor = keyof typeof BRAND_COLORS;
export const isBrandColor = (color: string): color is BrandColor => color.toUpperCase() in BRAND_COLORS;

export const BRAND_MESSAGES = {
  name: "Give the brand a name of 2 to 60 characters.",
  logo: "The logo is an https:// address of an image, or nothing.",
  color: "Choose one of the colours.",
} as const;

export const TEAM_MESSAGES = {
  emailRequired: "Please enter an e-mail address.",
  emailInvalid: "Please enter a valid e-mail address.",
  roleInvalid: "Choose a role: admin, member or viewer.",
  alreadyInvited: "This person already has a pending invitation. Resend it instead.",
  alreadyMember: "This person is already a member of this workspace.",
  ownerUnchangeable: "The owner's role can't be changed, and the owner can't be removed.",
  onlyOwnerTransfers: "Only the owner can hand over the workspace.",
  notYourself: "You can't change your own role or remove yourself. Ask another owner or admin.",
  inviteExpired: "This invitation has expired. Ask the person who invited you to send a new one.",
  inviteUsed: "This invitation has already been used. Sign in instead, or ask for a new one.",
  seesAllClients: 'This person sees every client. Choose "Chosen clients" for them first, then take this client away.',
  linkPosts: "Choose between 1 and 50 posts that await approval.",
  linkExpired: "This approval link has expired. Ask for a new one.",
  linkNotFound: "This approval link isn't valid. It may have been withdrawn.",
  inviteNotFound: "This invitation link isn't valid. It may have been withdrawn or replaced by a newer one.",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address as stored and compared: trimmed and lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The reason an address is refused, or null. */
export const emailProblem = (email: string): string | null =>
  email.trim() === "" ? TEAM_MESSAGES.emailRequired : EMAIL.test(email.trim()) ? null : TEAM_MESSAGES.emailInvalid;

export const isInvitableRole = (role: string): role is InvitableRole => (INVITABLE_ROLES as ReadonlyArray<string>).includes(role);
