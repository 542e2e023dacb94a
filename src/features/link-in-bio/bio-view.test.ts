import { describe, expect, it } from "vitest";
import { BIO_MESSAGES } from "../../../domain/link-in-bio/rules";
import type { BioLink } from "../../../domain/link-in-bio/views";
import {
  clickBuckets,
  goHref,
  initialsOf,
  libraryFileOf,
  linkChanges,
  linkDraftProblems,
  moveLink,
  publicImageOf,
  shownAddress,
  textAfterAnswer,
  visiblePart,
  withLinkRestored,
} from "./bio-view";

const link = (id: string, order: number, isVisible = true): BioLink => ({
  id,
  title: id,
  url: `https://example.com/${id}`,
  type: "link",
  isVisible,
  clicks: 0,
  order,
});

describe("moveLink", () => {
  const links = [link("a", 0), link("b", 1), link("c", 2)];
  it("moves a link and renumbers the order", () => {
    expect(moveLink(links, 2, 0).map((l) => [l.id, l.order])).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
    ]);
  });
  it("leaves the list as it is for a move out of range", () => {
    expect(moveLink(links, 0, -1)).toBe(links);
    expect(moveLink(links, 2, 3)).toBe(links);
  });
});

describe("withLinkRestored", () => {
  it("puts a deleted link back at its place", () => {
    const restored = withLinkRestored([link("a", 0), link("c", 1)], link("b", 1));
    expect(restored.map((l) => [l.id, l.order])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
    ]);
  });
});

describe("textAfterAnswer", () => {
  const known = { title: "Lee Dental", bio: "", username: "" };
  it("applies the server's value to a field nobody typed in since", () => {
    expect(textAfterAnswer(known, known, {}, { ...known, title: "Lee Dental Care" }).title).toBe("Lee Dental Care");
  });
  it("takes the server's tidied value of the field it sent", () => {
    const shown = { ...known, bio: " Smiles " };
    expect(textAfterAnswer(shown, known, { bio: " Smiles " }, { ...known, bio: "Smiles" }).bio).toBe("Smiles");
  });
  it("keeps what was typed since the request left", () => {
    const shown = { ...known, title: "Lee Dental Clinic", bio: "Family dentist" };
    const answer = { ...known, title: "Lee Dental", bio: "Fam" };
    expect(textAfterAnswer(shown, known, { bio: "Fam" }, answer)).toEqual({ title: "Lee Dental Clinic", bio: "Family dentist", username: "" });
  });
});

describe("linkDraftProblems", () => {
  it("refuses a javascript: address and an empty title", () => {
    expect(linkDraftProblems({ title: "", url: "javascript:alert(1)", type: "link", isVisible: true })).toEqual({
      title: BIO_MESSAGES.linkTitleRequired,
      url: BIO_MESSAGES.urlInvalid,
    });
  });
  it("accepts a bare e-mail address for an e-mail link", () => {
    expect(linkDraftProblems({ title: "Write to us", url: "hello@example.com", type: "email", isVisible: true })).toEqual({});
  });
});

describe("the page's view", () => {
  it("shows visitors only the visible links and social links with an address", () => {
    const part = visiblePart({
      links: [link("a", 0), link("b", 1, false)],
      socialLinks: [
        { platform: "instagram", url: "https://instagram.com/lee", isVisible: true },
        { platform: "x", url: "https://x.com/lee", isVisible: false },
      ],
    });
    expect(part.links.map((l) => l.id)).toEqual(["a"]);
    expect(part.socialLinks.map((s) => s.platform)).toEqual(["instagram"]);
  });
  it("sends clicks through the counting redirect", () => {
    expect(goHref("lee-dental", "123")).toBe("/bio/lee-dental/go/123");
  });
  it("names what changed in an edit", () => {
    expect(linkChanges(link("a", 0), { title: "a", url: "https://example.com/a", type: "video", isVisible: false })).toEqual({
      type: "video",
      isVisible: false,
    });
  });
  it("shows addresses without their scheme and initials without an image", () => {
    expect(shownAddress("mailto:hello@example.com")).toBe("hello@example.com");
    expect(shownAddress("https://example.com/")).toBe("example.com");
    expect(initialsOf("Lee Dental care")).toBe("LD");
    expect(initialsOf("")).toBe("?");
  });
  it("draws a bar per day, labelled by its date", () => {
    const buckets = clickBuckets({
      period: "7d",
      totalClicks: 3,
      uniqueVisitors: 2,
      topLinks: [],
      clicksPerDay: [{ date: "2026-11-25", clicks: 3, uniqueVisitors: 2 }],
    });
    expect(buckets).toEqual([{ start: "2026-11-25", label: "Nov 25", posts: 2, engagements: 3 }]);
  });
});

describe("the profile image a visitor fetches", () => {
  it("is a library file through the page's avatar route, an https address as it is", () => {
    expect(libraryFileOf("/media/5f0c/original.png")).toEqual({ mediaId: "5f0c", fileName: "original.png" });
    expect(libraryFileOf("https://cdn.example.com/me.png")).toBeNull();
    expect(libraryFileOf("/media/../../etc/passwd")).toBeNull();
    expect(publicImageOf("lee-dental", "/media/5f0c/thumbnail.webp")).toBe("/bio/lee-dental/avatar?v=5f0c-thumbnail.webp");
    expect(publicImageOf("lee-dental", "https://cdn.example.com/me.png")).toBe("https://cdn.example.com/me.png");
    expect(publicImageOf("lee-dental", null)).toBeNull();
  });
});
