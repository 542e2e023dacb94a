import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { BioPageEvent } from "./events";
import { addBioLink, bioPageDecider, deleteBioLink, editBioLink, editBioPage, restoreBioLink } from "./page";
import { BIO_LINKS_MAX, BIO_MESSAGES, linkAddressOf, usernameFrom, usernameProblem } from "./rules";

const WORKSPACE = { workspaceId: "ws-1", workspaceName: "Lee Dental" };
const created: BioPageEvent = {
  type: "BioPageCreated",
  data: { workspaceId: "ws-1", title: "Lee Dental", bio: "", profileImage: null, theme: "minimal", socialLinks: [] },
};
const added = (linkId: string, title = `Link ${linkId}`): BioPageEvent => ({
  type: "BioLinkAdded",
  data: { linkId, title, url: `https://example.com/${linkId}`, type: "link", isVisible: true },
});

describe("a link-in-bio page", () => {
  const spec = DeciderSpecification(bioPageDecider);

  it("starts from the workspace's name at its first change", () =>
    spec
      .given([])
      .when(editBioPage({ ...WORKSPACE, bio: "Family dentistry since 1998" }))
      .then([
        created,
        { type: "BioPageEdited", data: { title: "Lee Dental", bio: "Family dentistry since 1998", profileImage: null, theme: "minimal", socialLinks: [] } },
      ]));

  it("records only what changed: a theme, a username, publication", () => {
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, theme: "neon", username: "Lee-Dental", isPublished: true }))
      .then([
        { type: "BioPageEdited", data: { title: "Lee Dental", bio: "", profileImage: null, theme: "neon", socialLinks: [] } },
        { type: "BioUsernameChosen", data: { username: "lee-dental" } },
        { type: "BioPagePublished", data: {} },
      ]);
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, title: " Lee Dental ", theme: "minimal" }))
      .thenNothingHappens();
  });

  it("is not published without a username", () =>
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, isPublished: true }))
      .thenFails("InvalidInput", BIO_MESSAGES.publishWithoutUsername));

  it("refuses a blank title, a bad username and a social link that is not a web address", () => {
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, title: "  " }))
      .thenFails("InvalidInput", BIO_MESSAGES.titleRequired);
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, username: "ab" }))
      .thenFails("InvalidInput", BIO_MESSAGES.usernameLength);
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, username: "-lee-" }))
      .thenFails("InvalidInput", BIO_MESSAGES.usernameCharacters);
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, socialLinks: [{ platform: "instagram", url: "javascript:alert(1)", isVisible: true }] }))
      .thenFails("InvalidInput", BIO_MESSAGES.socialUrlInvalid);
  });

  it("refuses a reserved username whatever its case, and keeps the one it has", () => {
    const named: BioPageEvent = { type: "BioUsernameChosen", data: { username: "lee-dental" } };
    for (const reserved of ["admin", "API", " Support ", "SocialDesk", "login", "www"]) {
      spec
        .given([created, named])
        .when(editBioPage({ ...WORKSPACE, username: reserved }))
        .thenFails("InvalidInput", BIO_MESSAGES.usernameReserved);
    }
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, username: "admin", isPublished: true }))
      .thenFails("InvalidInput", BIO_MESSAGES.usernameReserved);
    spec
      .given([created])
      .when(editBioPage({ ...WORKSPACE, username: "admin-lee" }))
      .then([{ type: "BioUsernameChosen", data: { username: "admin-lee" } }]);
  });

  it("adds a link at the end, its address checked", () => {
    spec
      .given([])
      .when(addBioLink({ ...WORKSPACE, linkId: "l1", title: " Book a visit ", url: "leedental.example/book", type: "link", isVisible: true }))
      .then([
        created,
        { type: "BioLinkAdded", data: { linkId: "l1", title: "Book a visit", url: "https://leedental.example/book", type: "link", isVisible: true } },
      ]);
    spec
      .given([created])
      .when(addBioLink({ ...WORKSPACE, linkId: "l1", title: "Run", url: "javascript:alert(1)", type: "link", isVisible: true }))
      .thenFails("InvalidInput", BIO_MESSAGES.urlInvalid);
  });

  it("holds at most 100 links", () => {
    const full = [created, ...Array.from({ length: BIO_LINKS_MAX }, (_, i) => added(`l${i}`))];
    spec
      .given(full)
      .when(addBioLink({ ...WORKSPACE, linkId: "one-more", title: "More", url: "https://example.com", type: "link", isVisible: true }))
      .thenFails("InvalidInput", BIO_MESSAGES.tooManyLinks);
  });

  it("moves a link to a new place, keeping the others' order", () => {
    spec
      .given([created, added("a"), added("b"), added("c")])
      .when(editBioLink("c", { order: 0 }))
      .then([{ type: "BioLinksReordered", data: { linkIds: ["c", "a", "b"] } }]);
    spec
      .given([created, added("a"), added("b")])
      .when(editBioLink("b", { order: 9 }))
      .thenNothingHappens();
  });

  it("hides a link; a deleted link is not found, and a restore brings it back at the end", () => {
    spec
      .given([created, added("a")])
      .when(editBioLink("a", { isVisible: false }))
      .then([{ type: "BioLinkEdited", data: { linkId: "a", title: "Link a", url: "https://example.com/a", type: "link", isVisible: false } }]);
    const deleted: BioPageEvent = { type: "BioLinkDeleted", data: { linkId: "a" } };
    spec
      .given([created, added("a")])
      .when(deleteBioLink("a"))
      .then([deleted]);
    spec
      .given([created, added("a"), deleted])
      .when(editBioLink("a", { title: "x" }))
      .thenFails("NotFound", "This link does not exist, or was deleted.");
    spec
      .given([created, added("a"), deleted])
      .when(restoreBioLink("a"))
      .then([{ type: "BioLinkRestored", data: { linkId: "a" } }]);
    spec
      .given([created, added("a")])
      .when(restoreBioLink("a"))
      .thenNothingHappens();
  });
});

describe("a link's address", () => {
  it("is http, https, mailto or tel only", () => {
    expect(linkAddressOf("link", "https://example.com/a")).toEqual({ url: "https://example.com/a" });
    expect(linkAddressOf("link", "mailto:hi@example.com")).toEqual({ url: "mailto:hi@example.com" });
    expect(linkAddressOf("link", "tel:+15550100")).toEqual({ url: "tel:+15550100" });
    for (const refused of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,hi", "ftp://example.com", "file:///etc/passwd", "vbscript:x"]) {
      expect(linkAddressOf("link", refused)).toEqual({ error: BIO_MESSAGES.urlInvalid });
    }
  });

  it("may be a bare e-mail address, phone number or host", () => {
    expect(linkAddressOf("email", "hello@leedental.example")).toEqual({ url: "mailto:hello@leedental.example" });
    expect(linkAddressOf("email", "not an address")).toEqual({ error: BIO_MESSAGES.emailInvalid });
    expect(linkAddressOf("phone", "+1 (555) 010-0000")).toEqual({ url: "tel:+15550100000" });
    expect(linkAddressOf("phone", "call me")).toEqual({ error: BIO_MESSAGES.phoneInvalid });
    expect(linkAddressOf("video", "youtube.com/watch?v=1")).toEqual({ url: "https://youtube.com/watch?v=1" });
    expect(linkAddressOf("link", "")).toEqual({ error: BIO_MESSAGES.urlRequired });
  });
});

describe("a username", () => {
  it("is 3 to 30 lower-case letters, digits, dots, hyphens or underscores", () => {
    expect(usernameProblem("lee-dental")).toBeNull();
    expect(usernameProblem("")).toBe(BIO_MESSAGES.usernameRequired);
    expect(usernameProblem("ab")).toBe(BIO_MESSAGES.usernameLength);
    expect(usernameProblem("Lee")).toBe(BIO_MESSAGES.usernameCharacters);
    expect(usernameProblem("lee/../admin")).toBe(BIO_MESSAGES.usernameCharacters);
    expect(usernameProblem("admin")).toBe(BIO_MESSAGES.usernameReserved);
    expect(usernameProblem("Help")).toBe(BIO_MESSAGES.usernameReserved);
    expect(usernameProblem("helpful-dentist")).toBeNull();
  });

  it("is suggested from the workspace's name", () => {
    expect(usernameFrom("Lee Dental")).toBe("lee-dental");
    expect(usernameFrom("Café Müller & Söhne")).toBe("cafe-muller-sohne");
    expect(usernameFrom("Å")).toBe("a-bio");
    expect(usernameProblem(usernameFrom("A very long practice name that goes on and on"))).toBeNull();
  });
});
