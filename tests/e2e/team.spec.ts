import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { expect, test } from "./fixtures";

type Outbox = (email: string) => Promise<ReadonlyArray<string>>;
import { newUser, registerByApi, screenshot, seriousViolationsIn, toast, wordsBrokenIn } from "./support";

/** The invitation link e-mailed to `email`, read from the outbox as an operator of a fresh machine would. */
const invitationLink = async (outbox: Outbox, email: string) => {
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec((await outbox(email)).join("\n"))?.[0];
  if (!link) throw new Error(`no invitation to ${email} in the outbox`);
  return new URL(link).pathname;
};

/** Maria is invited as a member by the signed-in owner of `page` and joins from the e-mailed link in a browser of her own (left open). */
const mariaJoins = async (page: Page, browser: Browser, outbox: Outbox) => {
  const email = `maria-${Date.now().toString(36)}@leedental.example`;
  expect((await page.request.post("/api/team-invites", { data: { email, role: "member" } })).status()).toBe(201);
  const maria = await browser.newContext();
  const token = (await invitationLink(outbox, email)).split("/").pop()!;
  const joined = await maria.request.post(`/api/invitations/${token}`, {
    data: { firstName: "Maria", lastName: "Lopez", password: "hygienist-42", confirmPassword: "hygienist-42" },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return maria;
};

/** A professional workspace's owner, signed in on `page`, with a Bluesky sandbox account, whose members' posts need approval. */
const ownerWhoseTeamNeedsApproval = async (page: Page, setPlan: (email: string, tier: "professional") => Promise<void>) => {
  const owner = newUser({ firstName: "Lee", lastName: "Park" });
  await registerByApi(page.request, owner);
  await setPlan(owner.email, "professional");
  expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental Sky" } })).status()).toBe(201);
  expect((await page.request.put("/api/team-settings", { data: { approvalRequired: true } })).status()).toBe(200);
  return owner;
};

const openTeam = async (page: Page) => {
  await page.goto("/app/team-management");
  await expect(page.getByTestId("team-management")).toHaveAttribute("data-hydrated", "true");
};

test.describe("team", () => {
  for (const width of [1280, 360]) {
    test(`at ${width} px: the owner invites by e-mail, the person joins from the link in another browser, then is promoted and removed`, async ({
      page,
      browser,
      setPlan,
      outbox,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = newUser({ firstName: "Lee", lastName: "Park" });
      await registerByApi(page.request, owner);
      await setPlan(owner.email, "professional");
      await openTeam(page);
      await expect(page.getByText("No pending invites")).toBeVisible();
      await expect(page.getByTestId("team-member")).toHaveCount(1);
      await expect(page.getByTestId("member-role")).toHaveText("Owner");

      // The invite dialog: a missing address is said where it is typed, then the invitation goes out.
      await page.getByRole("button", { name: "Invite Member" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
      await dialog.getByRole("button", { name: "Send Invitation" }).click();
      await expect(dialog.getByLabel("Email address")).toHaveAccessibleDescription("Please enter an e-mail address.");
      const maria = `maria-${Date.now().toString(36)}@leedental.example`;
      await dialog.getByLabel("Email address").fill(maria);
      await expect(dialog.getByLabel("Role")).toHaveValue("member");
      await dialog.getByRole("button", { name: "Send Invitation" }).click();
      await expect(toast(page)).toContainText("Invitation Sent!");
      await expect(dialog).toBeHidden();
      const invite = page.getByTestId("team-invite");
      await expect(invite).toContainText(maria);
      await expect(invite).toContainText("Pending");
      await expect(invite).toContainText("invited by Lee Park");
      await screenshot(page, `team-${width}`, { fullPage: true });

      // The link, opened in another browser: who invited whom as what, then a name and a password.
      const path = await invitationLink(outbox, maria);
      const other = await browser.newContext({ viewport: { width, height: 900 } });
      const guest = await other.newPage();
      await guest.goto(path);
      await expect(guest.getByTestId("invitation")).toHaveText(`Lee Park invited ${maria} to join as Member.`);
      await expect(guest.getByLabel("Email")).toHaveValue(maria);
      await guest.getByLabel("First name").fill("Maria");
      await guest.getByLabel("Last name").fill("Lopez");
      await guest.getByLabel("Password", { exact: true }).fill("hygienist-42");
      await guest.getByLabel("Confirm password").fill("hygienist-42");
      await screenshot(guest, `invitation-${width}`, { fullPage: true });
      await guest.getByRole("button", { name: `Join ${owner.company}` }).click();
      await expect(guest).toHaveURL(/\/app\/dashboard$/);
      await expect(toast(guest)).toContainText(`Welcome to ${owner.company}!`);
      // A member sees the team, not the controls to change it.
      await openTeam(guest);
      await expect(guest.getByTestId("team-member")).toHaveCount(2);
      await expect(guest.getByRole("button", { name: "Invite Member" })).toHaveCount(0);

      // The link works once.
      const third = await browser.newContext();
      const late = await third.newPage();
      await late.goto(path);
      await expect(late.getByTestId("form-alert")).toContainText("This invitation has already been used. Sign in instead, or ask for a new one.");
      await third.close();

      // The owner sees Maria joined; promotes her, then removes her: her next page asks her to sign in.
      await openTeam(page);
      await expect(page.getByText("No pending invites")).toBeVisible();
      const row = page.getByTestId("team-member").filter({ hasText: maria });
      await expect(row).toContainText("Maria Lopez");
      await row.getByLabel("Role of Maria Lopez").selectOption("admin");
      await expect(toast(page)).toContainText("Role Updated");
      await openTeam(guest);
      await expect(guest.getByRole("button", { name: "Invite Member" })).toBeVisible();
      await row.getByRole("button", { name: "Remove" }).click();
      await page.getByRole("dialog", { name: "Remove this member?" }).getByRole("button", { name: "Remove" }).click();
      await expect(toast(page)).toContainText("Member Removed");
      await expect(page.getByTestId("team-member")).toHaveCount(1);
      await guest.goto("/app/dashboard");
      await expect(guest).toHaveURL(/\/login/);
      await other.close();
    });
  }

  test("at 360 px Team Management fits the phone: members, roles, pending invites and links as cards, every action in reach; an agency's current client is in the top bar and switches from there", async ({
    page,
    browser,
    setPlan,
    outbox,
  }) => {
    const agency = newUser({ firstName: "Maximiliana", lastName: "Wolfeschlegelsteinhausenbergerdorff", company: `Park Agency ${Date.now().toString(36)}` });
    await registerByApi(page.request, agency);
    await setPlan(agency.email, "agency");
    await (await mariaJoins(page, browser, outbox)).close();
    const longEmail = `dr.christopher.alexanderson.montgomery.${Date.now().toString(36)}@morganfamilydental.example`;
    expect((await page.request.post("/api/team-invites", { data: { email: longEmail, role: "admin" } })).status()).toBe(201);
    expect((await page.request.post("/api/clients", { data: { name: "Morgan Family Dental Main Street" } })).status()).toBe(201);

    await page.setViewportSize({ width: 360, height: 800 });
    await openTeam(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Every control is on the screen, none cut by its card or off its edge.
    const maria = page.getByTestId("team-member").filter({ hasText: "Maria Lopez" });
    const invite = page.getByTestId("team-invite").filter({ hasText: longEmail });
    const controls = [
      page.getByRole("button", { name: "Invite Member" }),
      maria.getByLabel("Role of Maria Lopez"),
      maria.getByRole("button", { name: "Make owner" }),
      maria.getByRole("button", { name: "Remove" }),
      invite.getByRole("button", { name: "Resend" }),
      invite.getByRole("button", { name: "Withdraw" }),
      page.getByRole("button", { name: "Share posts awaiting approval" }),
      page.getByRole("link", { name: "Clients, reports and white label" }),
    ];
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await wordsBrokenIn(page.locator(".team-name"))).toEqual([]);
    await screenshot(page, "team-phone-360", { fullPage: true });
    // The actions work from the phone: Maria becomes an admin.
    await maria.getByLabel("Role of Maria Lopez").selectOption("admin");
    await expect(toast(page)).toContainText("Role Updated");

    // The top bar names the workspace being worked in; tapping it lists the others, and one tap switches, staying on this screen.
    const current = page.getByTestId("topbar-workspace");
    await expect(current).toHaveAccessibleName(`Workspace: ${agency.company}`);
    await current.click();
    const menu = page.getByTestId("workspace-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: agency.company })).toHaveAttribute("aria-current", "true");
    await screenshot(page, "workspace-menu-360");
    await menu.getByRole("button", { name: "Morgan Family Dental Main Street" }).click();
    await expect(page).toHaveURL(/\/app\/team-management$/);
    await expect(current).toHaveAccessibleName("Workspace: Morgan Family Dental Main Street");
    await expect(menu).toBeHidden();
    // Escape closes the list without switching.
    await current.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    expect(await seriousViolationsIn(page)).toEqual([]);

    // A wide screen has the sidebar's switcher instead; the team looks as it did.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(current).toBeHidden();
    await expect(page.getByTestId("workspace-switch").getByLabel("Workspace").locator("option:checked")).toHaveText("Morgan Family Dental Main Street");
    await screenshot(page, "team-phone-1280", { fullPage: true });
  });

  test("the audit trail lists who changed what under each module's kind of change, filters by kind, and exports CSV; a member is refused", async ({ page, setPlan }) => {
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    const note = await page.request.post("/api/calendar-notes", { data: { date: "2026-12-01", content: "Staff training" } });
    expect(note.status()).toBe(201);
    const invite = await page.request.post("/api/team-invites", { data: { email: `sam-${Date.now().toString(36)}@leedental.example`, role: "viewer" } });
    expect(invite.status()).toBe(201);
    // A review answered and a hashtag group saved: filed as Reviews and Hashtag groups, not Other.
    const listing = await page.request.post("/api/social-accounts/listing", { data: { platform: "healthgrades", url: "https://www.healthgrades.com/dentist/dr-lee-park-x2b4k" } });
    expect(listing.status()).toBe(201);
    const review = await page.request.post("/api/reviews", { data: { accountId: (await listing.json()).id, reviewerName: "Maria Lopez", rating: 2, content: "Waited 40 minutes." } });
    expect(review.status()).toBe(201);
    expect((await page.request.post(`/api/reviews/${(await review.json()).id}/respond`, { data: { responseText: "Sorry, Maria. We will call you." } })).status()).toBe(200);
    expect((await page.request.post("/api/hashtag-groups", { data: { name: "Dental care", tags: "#dental #smile" } })).status()).toBe(201);

    await openTeam(page);
    await page.getByRole("link", { name: "See who changed what in the audit trail" }).click();
    await expect(page).toHaveURL(/\/app\/audit$/);
    // Kept behind the log: the newest lines arrive within moments.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("audit-entry").first()).toContainText('Lee Park: Saved the hashtag group "Dental care"', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId("audit-entry").first().getByTestId("audit-kind")).toHaveText("Hashtag groups");
    await expect(page.getByTestId("audit-entry").filter({ hasText: "Lee Park: Invited sam-" }).getByTestId("audit-kind")).toHaveText("Team");
    await expect(page.getByTestId("audit-entry").filter({ hasText: "Marked a review as responded" }).getByTestId("audit-kind")).toHaveText("Reviews");
    await expect(page.getByTestId("audit-entry").filter({ hasText: "Calendar note added for 2026-12-01" })).toHaveCount(1);
    await expect(page.getByTestId("audit-kind").filter({ hasText: /^Other$/ })).toHaveCount(0);
    await screenshot(page, "audit-1280", { fullPage: true });

    await page.getByLabel("Kind of change").selectOption("notes");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/kind=notes/);
    await expect(page.getByTestId("audit-entry")).toHaveCount(1);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await (await download).path();
    const csv = (await import("node:fs")).readFileSync(file, "utf8");
    expect(csv).toContain("time,person,kind,change");
    expect(csv).toContain("Lee Park,Calendar notes,Calendar note added for 2026-12-01");

    await page.getByLabel("Kind of change").selectOption({ label: "Reviews" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/kind=reviews/);
    await expect(page.getByTestId("audit-entry")).toHaveText([/Marked a review as responded/, /Review from Maria Lopez \(2★\) entered by hand/]);
    await expect(page.getByTestId("audit-kind")).toHaveText(["Reviews", "Reviews"]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/app/audit");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, "audit-360", { fullPage: true });
  });

  test("each role sees only what it may do: a viewer reads, a member writes posts but connects no account", async ({ page, browser, setPlan, outbox }) => {
    // Three people in three browsers: more than one screen's worth of time.
    test.setTimeout(60_000);
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } })).status()).toBe(201);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const post = await page.request.post("/api/posts", {
      data: { content: "Flu shots this week", platforms: ["facebook"], status: "scheduled", scheduledAt: tomorrow },
    });
    expect(post.status(), await post.text()).toBe(201);

    const join = async (role: "viewer" | "member") => {
      const email = `${role}-${Date.now().toString(36)}@leedental.example`;
      expect((await page.request.post("/api/team-invites", { data: { email, role } })).status()).toBe(201);
      const context = await browser.newContext();
      const joined = await context.request.post(`/api/invitations/${(await invitationLink(outbox, email)).split("/").pop()}`, {
        data: { firstName: role === "viewer" ? "Vic" : "Maria", lastName: "Lopez", password: "hygienist-42", confirmPassword: "hygienist-42" },
      });
      expect(joined.status(), await joined.text()).toBe(201);
      return { context, person: await context.newPage() };
    };

    const viewer = await join("viewer");
    const v = viewer.person;
    await v.goto("/app/dashboard");
    await expect(v.getByTestId("dashboard-actions")).toHaveAttribute("data-hydrated", "true");
    await expect(v.getByRole("button", { name: "Create Post" })).toHaveCount(0);
    await expect(v.getByRole("link", { name: "Add Account" })).toHaveCount(0);
    await v.goto("/app/compose");
    await expect(v.getByTestId("role-notice")).toHaveText(/Viewers can't create or edit posts/);
    await v.goto("/app/queue");
    await expect(v.getByText("Flu shots this week")).toBeVisible();
    await expect(v.getByRole("button", { name: "Publish now" })).toBeHidden();
    await expect(v.getByRole("button", { name: "Delete" })).toBeHidden();
    await v.goto("/app/connect-accounts");
    await expect(v.getByTestId("role-note")).toHaveText("Only owners and admins connect accounts. Ask one of them to add the account you need.");
    await expect(v.getByRole("button", { name: "Connect", exact: true })).toHaveCount(0);
    await v.goto("/app/team-management");
    await expect(v.getByTestId("team-member")).toHaveCount(2);
    await expect(v.getByRole("button", { name: "Invite Member" })).toHaveCount(0);
    const refused = await v.goto("/app/audit");
    expect(refused?.status()).toBe(403);
    await expect(v.getByTestId("audit-refused")).toBeVisible();
    await viewer.context.close();

    const member = await join("member");
    const m = member.person;
    await m.goto("/app/queue");
    await expect(m.getByRole("button", { name: "Publish now" })).toBeVisible();
    await m.goto("/app/connect-accounts");
    await expect(m.getByTestId("role-note")).toBeVisible();
    await expect(m.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
    await m.goto("/app/compose");
    await expect(m.getByTestId("compose")).toBeVisible();
    await member.context.close();
  });

  test("the owner hands the workspace to an admin and stays on as an admin", async ({ page, setPlan, outbox }) => {
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    const email = `maria-${Date.now().toString(36)}@leedental.example`;
    expect((await page.request.post("/api/team-invites", { data: { email, role: "admin" } })).status()).toBe(201);
    const token = (await invitationLink(outbox, email)).split("/").pop()!;
    const other = await page.context().browser()!.newContext();
    const joined = await other.request.post(`/api/invitations/${token}`, {
      data: { firstName: "Maria", lastName: "Lopez", password: "hygienist-42", confirmPassword: "hygienist-42" },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    await openTeam(page);
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await row.getByRole("button", { name: "Make owner" }).click();
    const dialog = page.getByRole("dialog", { name: "Hand over the workspace?" });
    await expect(dialog).toContainText("Maria Lopez becomes the owner");
    await dialog.getByRole("button", { name: "Make owner" }).click();
    await expect(page.getByTestId("team-management")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("team-member").filter({ hasText: "Maria Lopez" }).getByTestId("member-role")).toHaveText("Owner");
    // Now an admin: no one to hand the workspace to any more, and the new owner out of reach.
    await expect(page.getByRole("button", { name: "Make owner" })).toHaveCount(0);
    expect(((await (await other.request.get("/api/auth/user")).json()) as { teamRole: string }).teamRole).toBe("owner");
    expect(((await (await page.request.get("/api/auth/user")).json()) as { teamRole: string }).teamRole).toBe("admin");
    await other.close();
  });

  test("approvals: a member's post waits, the owner approves it and it is published on the sandbox account; another is sent back with a note", async ({
    page,
    browser,
    setPlan,
    outbox,
  }) => {
    // Two people, three posts, a client: more steps than the default 30 s allow on a loaded machine.
    test.setTimeout(90_000);
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental Sky" } })).status()).toBe(201);
    await openTeam(page);
    await page.getByRole("switch", { name: /Posts need approval before they are scheduled/ }).check();
    await expect(toast(page)).toContainText("Settings Saved");

    // The member joins from the e-mailed link in a second browser (the join page itself is the first tests' part).
    const other = await mariaJoins(page, browser, outbox);
    const member = await other.newPage();

    // She writes a post and presses Submit for approval (her Post Now): it goes to the approvers.
    await member.goto("/app/compose");
    await expect(member.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await member.getByLabel(/Lee Dental Sky/).check();
    await member.getByLabel("Description").fill("Flu shots: walk in all week");
    await member.getByRole("button", { name: "Submit for approval" }).click();
    await expect(toast(member)).toContainText("Submitted for Approval");

    // The owner finds it under Awaiting Approval (the e-mail's link opens that tab) and approves it.
    await page.goto("/app/queue?tab=approval");
    await expect(page.getByRole("tab", { name: /Awaiting Approval/ })).toHaveAttribute("aria-selected", "true");
    const card = page.getByRole("listitem").filter({ hasText: "Flu shots: walk in all week" });
    await expect(card).toContainText("Awaiting approval · by Maria Lopez");
    await screenshot(page, "approval-queue-1280", { fullPage: true });
    await card.getByRole("button", { name: "Approve and publish now" }).click();
    await expect(toast(page)).toContainText("Post Approved");
    await expect
      .poll(
        async () => {
          const posts = (await (await page.request.get("/api/posts?status=published")).json()).items as Array<{ content: string }>;
          return posts.map((p) => p.content);
        },
        { timeout: 20_000 },
      )
      .toContain("Flu shots: walk in all week");

    // A second one is sent back with a note, which she reads on her draft.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const second = await member.request.post("/api/posts", {
      data: { content: "New hygienist joins", platforms: ["bluesky"], status: "scheduled", scheduledAt: tomorrow },
    });
    expect(((await second.json()) as { status: string }).status).toBe("awaiting_approval");
    await page.goto("/app/queue?tab=approval");
    const pending = page.getByRole("listitem").filter({ hasText: "New hygienist joins" });
    await pending.getByRole("button", { name: "Request changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Request changes" });
    await dialog.getByLabel("What to change").fill("Add her name and a photo, please.");
    await dialog.getByRole("button", { name: "Send back" }).click();
    await expect(toast(page)).toContainText("Changes Requested");
    await member.goto("/app/queue");
    await expect(member.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    await member.getByRole("tab", { name: /Drafts/ }).click();
    await expect(member.getByTestId("review-comment")).toHaveText("Changes requested: Add her name and a photo, please.");
    await screenshot(member, "changes-requested-1280", { fullPage: true });

    // A third goes to the client, who approves it from a link, without an account.
    const third = await member.request.post("/api/posts", {
      data: { content: "Holiday hours: closed on the 25th", platforms: ["bluesky"], status: "scheduled", scheduledAt: tomorrow },
    });
    expect(((await third.json()) as { status: string }).status).toBe("awaiting_approval");
    await openTeam(page);
    await page.getByRole("button", { name: "Share posts awaiting approval" }).click();
    const picker = page.getByRole("group", { name: "Posts to share" });
    await expect(picker.getByRole("checkbox", { name: "Holiday hours: closed on the 25th" })).toBeChecked();
    const clientEmail = `jane-${Date.now().toString(36)}@smithclient.example`;
    await page.getByLabel("Client's e-mail (optional)").fill(clientEmail);
    await screenshot(page, "share-for-approval-1280", { fullPage: true });
    await page.getByRole("button", { name: "Create link" }).click();
    await expect(toast(page)).toContainText(`E-mailed to ${clientEmail}.`);
    const url = await page.getByLabel("New link (shown once)").inputValue();
    expect(url).toMatch(/\/approve\/[A-Za-z0-9_-]+$/);
    expect((await outbox(clientEmail))[0]).toContain(`Review the posts: ${url}`);
    await expect(page.getByTestId("approval-link")).toHaveCount(1);

    const clientContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const client = await clientContext.newPage();
    await client.goto(new URL(url).pathname);
    const shared = client.getByTestId("approval-post").filter({ hasText: "Holiday hours: closed on the 25th" });
    await expect(shared).toBeVisible();
    await screenshot(client, "client-approval-360", { fullPage: true });
    await shared.getByLabel("Your name").fill("Jane Smith");
    await shared.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(client.getByTestId("form-alert")).toContainText("Thank you, Jane Smith: the post is approved.");
    await expect(client.getByTestId("approval-post").filter({ hasText: "Holiday hours" }).getByTestId("approval-state")).toHaveText("Approved: scheduled");
    await clientContext.close();
    await other.close();
  });

  test("given posts need approval, a member reads Submit for approval and who approves before pressing; the owner reads Post Now", async ({
    page,
    browser,
    setPlan,
    outbox,
  }) => {
    const owner = await ownerWhoseTeamNeedsApproval(page, setPlan);
    const other = await mariaJoins(page, browser, outbox);
    const member = await other.newPage();

    for (const width of [1280, 360]) {
      await member.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await member.goto("/app/compose");
      await expect(member.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
      await member.getByLabel(/Lee Dental Sky/).check();
      await member.getByLabel("Description").fill("Whitening promo all of May");
      const submit = member.getByRole("button", { name: "Submit for approval" });
      await expect(submit).toBeVisible();
      await expect(member.getByRole("button", { name: "Post Now" })).toHaveCount(0);
      await expect(member.getByRole("button", { name: "Schedule", exact: true })).toHaveCount(0);
      await expect(member.getByRole("button", { name: "Submit to schedule" })).toBeVisible();
      const note = member.getByTestId("compose-approval-note");
      await expect(note).toContainText(`Your posts are approved by an owner or admin of ${owner.company} before they go out.`);
      await expect(submit).toHaveAccessibleDescription(/approved by an owner or admin/);
      await screenshot(member, `compose-approval-member-${width}`, { fullPage: true });
    }

    // The owner's own posts need no approval: the usual buttons, no note.
    await page.goto("/app/compose");
    await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("button", { name: "Post Now" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit for approval" })).toHaveCount(0);
    await expect(page.getByTestId("compose-approval-note")).toHaveCount(0);

    // Pressed, the member's post waits for the approvers, as the button said.
    await member.getByRole("button", { name: "Submit for approval" }).click();
    await expect(toast(member)).toContainText("Submitted for Approval");
    const waiting = (await (await page.request.get("/api/posts?status=awaiting_approval")).json()).items as Array<{ content: string }>;
    expect(waiting.map((p) => p.content)).toContain("Whitening promo all of May");
    await other.close();
  });

  /** An owner whose members' posts need approval, Maria a member, and her posts awaiting approval (created by API). */
  const awaitingPosts = async (page: Page, browser: Browser, setPlan: (email: string, tier: "professional") => Promise<void>, outbox: Outbox, contents: ReadonlyArray<string>) => {
    await ownerWhoseTeamNeedsApproval(page, setPlan);
    const maria = await mariaJoins(page, browser, outbox);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const ids: string[] = [];
    for (const content of contents) {
      const created = await maria.request.post("/api/posts", { data: { content, platforms: ["bluesky"], status: "scheduled", scheduledAt: tomorrow } });
      const post = (await created.json()) as { id: string; status: string };
      expect(post.status).toBe("awaiting_approval");
      ids.push(post.id);
    }
    return { maria, ids };
  };

  test("withdrawing an invitation or an approval link asks first, and the list of links says what became of each", async ({ page, browser, setPlan, outbox }) => {
    test.setTimeout(60_000);
    const { maria, ids } = await awaitingPosts(page, browser, setPlan, outbox, ["Flu shots this week", "New hygienist joins", "Holiday hours"]);
    const [approvedOne, sentBackOne, waitingOne] = ids as [string, string, string];
    // Three links: one whose post is approved, one whose post is sent back, one still waiting.
    for (const id of ids) expect((await page.request.post("/api/approval-links", { data: { postIds: [id] } })).status()).toBe(201);
    expect((await page.request.post(`/api/posts/${approvedOne}/approve`, { data: {} })).status()).toBe(200);
    expect((await page.request.post(`/api/posts/${sentBackOne}/request-changes`, { data: { comment: "Add her name, please." } })).status()).toBe(200);
    const invited = `sam-${Date.now().toString(36)}@leedental.example`;
    expect((await page.request.post("/api/team-invites", { data: { email: invited, role: "member" } })).status()).toBe(201);

    await openTeam(page);
    const links = page.getByTestId("approval-link");
    await expect(links).toHaveCount(3);
    // Newest first: the waiting one, the one sent back, the approved one.
    await expect(links.getByTestId("approval-link-outcome")).toHaveText(["Waiting", "Sent back", "Approved"]);
    await expect(links.nth(1)).toContainText("1 sent back");
    await screenshot(page.locator("#client-links"), "approval-links-outcomes");
    await screenshot(page, "team-links", { fullPage: true, widths: [1280, 360] });

    // Withdraw asks first; Cancel keeps the link.
    await links.nth(0).getByRole("button", { name: "Withdraw" }).click();
    const confirmLink = page.getByRole("dialog", { name: "Withdraw this link?" });
    await expect(confirmLink).toContainText("Your client can no longer open it");
    await screenshot(page, "withdraw-link", { widths: [1280, 360] });
    await confirmLink.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmLink).toBeHidden();
    await expect(links).toHaveCount(3);
    await links.nth(0).getByRole("button", { name: "Withdraw" }).click();
    await confirmLink.getByRole("button", { name: "Withdraw" }).click();
    await expect(toast(page)).toContainText("Link Withdrawn");
    await expect(links).toHaveCount(2);
    expect(((await (await page.request.get("/api/approval-links")).json()) as Array<{ postIds: string[] }>).some((l) => l.postIds.includes(waitingOne))).toBe(false);

    // The invitation too.
    const invite = page.getByTestId("team-invite").filter({ hasText: invited });
    await invite.getByRole("button", { name: "Withdraw" }).click();
    const confirmInvite = page.getByRole("dialog", { name: "Withdraw this invitation?" });
    await expect(confirmInvite).toContainText(`The link e-mailed to ${invited} stops working at once.`);
    await confirmInvite.getByRole("button", { name: "Cancel" }).click();
    await expect(invite).toHaveCount(1);
    await invite.getByRole("button", { name: "Withdraw" }).click();
    await confirmInvite.getByRole("button", { name: "Withdraw" }).click();
    await expect(toast(page).filter({ hasText: "Invitation Withdrawn" })).toBeVisible();
    await expect(invite).toHaveCount(0);
    await maria.close();
  });

  test("a stale approval card goes away after its 409, and the toast says someone else decided", async ({ page, browser, setPlan, outbox }) => {
    test.setTimeout(60_000);
    const { maria, ids } = await awaitingPosts(page, browser, setPlan, outbox, ["Flu shots this week", "New hygienist joins"]);
    const [first, second] = ids as [string, string];
    await page.goto("/app/queue?tab=approval");
    await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    const cards = page.getByRole("listitem").filter({ hasText: /Flu shots this week|New hygienist joins/ });
    await expect(cards).toHaveCount(2);

    // Someone else decides both while this list is open.
    expect((await page.request.post(`/api/posts/${first}/approve`, { data: {} })).status()).toBe(200);
    expect((await page.request.post(`/api/posts/${second}/request-changes`, { data: { comment: "Add her name, please." } })).status()).toBe(200);

    await cards.filter({ hasText: "Flu shots this week" }).getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page).filter({ hasText: "Someone else already approved this post." })).toBeVisible();
    await expect(cards.filter({ hasText: "Flu shots this week" })).toHaveCount(0);

    await cards.filter({ hasText: "New hygienist joins" }).getByRole("button", { name: "Request changes" }).click();
    const dialog = page.getByRole("dialog", { name: "Request changes" });
    await dialog.getByLabel("What to change").fill("A photo too.");
    await dialog.getByRole("button", { name: "Send back" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).filter({ hasText: "Someone else already sent this post back to its author." })).toBeVisible();
    await expect(cards).toHaveCount(0);
    await screenshot(page, "approval-stale", { widths: [1280, 360] });
    await maria.close();
  });

  test("someone with an account joins from the link as themselves, then switches between the workspaces, staying on the same screen", async ({
    page,
    browser,
    setPlan,
    outbox,
  }) => {
    const agency = newUser({ firstName: "Lee", lastName: "Park", company: `Park Agency ${Date.now().toString(36)}` });
    await registerByApi(page.request, agency);
    await setPlan(agency.email, "professional");
    const clinicOwner = newUser({ firstName: "Sam", lastName: "Rao", company: `Rao Dental ${Date.now().toString(36)}` });
    const other = await browser.newContext();
    const sam = await other.newPage();
    await registerByApi(sam.request, clinicOwner);
    expect((await page.request.post("/api/team-invites", { data: { email: clinicOwner.email, role: "member" } })).status()).toBe(201);

    await sam.goto(await invitationLink(outbox, clinicOwner.email));
    await expect(sam.getByText(`You're signed in as ${clinicOwner.email}`)).toBeVisible();
    await sam.getByRole("button", { name: `Join ${agency.company}` }).click();
    await expect(sam).toHaveURL(/\/app\/dashboard$/);
    await expect(toast(sam)).toContainText(`Welcome to ${agency.company}!`);

    const switcher = sam.getByTestId("workspace-switch").getByLabel("Workspace");
    await expect(switcher.locator("option:checked")).toHaveText(agency.company);
    await sam.goto("/app/calendar");
    await screenshot(sam, "workspace-switch-1280");
    await switcher.selectOption({ label: clinicOwner.company });
    await expect(sam).toHaveURL(/\/app\/calendar$/);
    await expect(switcher.locator("option:checked")).toHaveText(clinicOwner.company);
    expect(((await (await sam.request.get("/api/auth/user")).json()) as { teamRole: string }).teamRole).toBe("owner");
    await switcher.selectOption({ label: agency.company });
    await expect(sam).toHaveURL(/\/app\/calendar$/);
    expect(((await (await sam.request.get("/api/auth/user")).json()) as { teamRole: string }).teamRole).toBe("member");
    await other.close();
  });

  test("an agency adds two clients, names them, chooses who works on each, downloads and schedules their reports, and switches between them", async ({
    page,
    browser,
    setPlan,
    outbox,
  }) => {
    const agency = newUser({ firstName: "Lee", lastName: "Park", company: `Park Agency ${Date.now().toString(36)}` });
    await registerByApi(page.request, agency);
    await setPlan(agency.email, "agency");
    await (await mariaJoins(page, browser, outbox)).close();

    await page.goto("/app/team-management");
    await page.getByTestId("clients-summary").getByRole("link", { name: "Clients, reports and white label" }).click();
    await expect(page).toHaveURL(/\/app\/team-management\/clients$/);
    await expect(page.getByTestId("clients-empty")).toContainText("No clients yet");
    for (const name of ["Lee Dental", "Rao Law"]) {
      await page.getByLabel("Name", { exact: true }).first().fill(name);
      await page.getByRole("button", { name: "Add client" }).click();
      await expect(toast(page)).toContainText("Client Added");
    }
    const clients = page.getByTestId("clients");
    await expect(clients.getByTestId("client")).toHaveCount(2);
    const lee = clients.getByTestId("client").filter({ hasText: "Lee Dental" });
    const rao = clients.getByTestId("client").filter({ hasText: "Rao Law" });

    // A second "Lee Dental", in another case and with spaces, is refused with the name; so is a rename to it.
    await page.getByLabel("Name", { exact: true }).first().fill("  lee DENTAL ");
    await page.getByRole("button", { name: "Add client" }).click();
    await expect(toast(page)).toContainText('A client named "Lee Dental" already exists.');
    await expect(clients.getByTestId("client")).toHaveCount(2);
    await screenshot(page, "clients-same-name", { widths: [1280, 360] });
    await rao.getByText("Name and logo").click();
    await rao.getByLabel("Name", { exact: true }).fill("Lee Dental");
    await rao.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText('A client named "Lee Dental" already exists.');
    await expect(rao.getByRole("heading", { level: 2 })).toHaveText("Rao Law");
    // The refused form comes back open with what was typed, to correct.
    await expect(rao.getByLabel("Name", { exact: true })).toHaveValue("Lee Dental");

    // Rao Law renamed.
    await rao.getByLabel("Name", { exact: true }).fill("Rao Family Law");
    await rao.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText("Client Saved");
    const raoFamily = clients.getByTestId("client").filter({ hasText: "Rao Family Law" });
    await expect(raoFamily.getByRole("heading", { level: 2 })).toHaveText("Rao Family Law");

    // Maria works on every client: both show her as such.
    const everyone = page.getByTestId("all-clients-access");
    await everyone.getByRole("button", { name: "Chosen clients" }).click();
    await expect(everyone.getByRole("button", { name: "All clients" })).toBeVisible();
    await expect(lee.getByText("Maria Lopez · all clients")).toBeVisible();
    await expect(raoFamily.getByText("Maria Lopez · all clients")).toBeVisible();

    // Lee Dental's report for the last 30 days, as PDF and CSV.
    const report = lee.getByTestId("report-download");
    const [pdf] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/^lee-dental-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(pdfText(readFileSync(await pdf.path()))).toContain("Lee Dental");
    const [csv] = await Promise.all([page.waitForEvent("download"), report.getByRole("button", { name: "Download CSV" }).click()]);
    const [days, work] = readFileSync(await csv.path(), "utf8").trim().split("\r\n\r\n");
    const rows = days!.split("\r\n");
    expect(rows[0]).toBe("Date,Posts published,Engagements,Impressions (estimated),Reach (estimated),Clicks (estimated)");
    expect(rows).toHaveLength(32);
    expect(work).toContain("Reviews received,No reviews this period.");

    // E-mailed to the client on the 1st of each month.
    const schedule = lee.getByTestId("report-schedule");
    await schedule.getByLabel("E-mail it").selectOption({ label: "On the 1st, for the month before" });
    await schedule.getByLabel("Send to").fill("dr.lee@leedental.example, office@leedental.example");
    await schedule.getByRole("button", { name: "Save schedule" }).click();
    await expect(toast(page)).toContainText("Reports Scheduled");
    await expect(lee.getByTestId("report-status")).toContainText("E-mailed on the 1st of each month from 7:00 AM");
    await expect(lee.getByTestId("report-status")).toContainText("dr.lee@leedental.example, office@leedental.example");
    await screenshot(page, "clients-1280", { fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "clients-360", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Open Lee Dental from the list; a post written there stays there.
    await clients.getByTestId("client").filter({ hasText: "Lee Dental" }).getByRole("button", { name: "Open" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const switcher = page.getByTestId("workspace-switch").getByLabel("Workspace");
    await expect(switcher.locator("option:checked")).toHaveText("Lee Dental");
    expect((await page.request.post("/api/posts", { data: { content: "Whitening offer", platforms: ["bluesky"], status: "draft" } })).status()).toBe(201);
    await page.goto("/app/queue");
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(page.getByText("Whitening offer")).toBeVisible();

    // To Rao Family Law from the sidebar, on the same screen: none of Lee Dental's posts.
    await switcher.selectOption({ label: "Rao Family Law" });
    await expect(page).toHaveURL(/\/app\/queue$/);
    await expect(switcher.locator("option:checked")).toHaveText("Rao Family Law");
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(page.getByTestId("queue-empty")).toBeVisible();
    await expect(page.getByText("Whitening offer")).toHaveCount(0);
  });

  test("the agency's white label, set on its Clients page, is what its client sees on the approval page", async ({ page, browser, setPlan, outbox }) => {
    const agency = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, agency);
    await setPlan(agency.email, "agency");
    await page.goto("/app/team-management/clients");
    const form = page.getByTestId("white-label");
    await form.getByLabel("Brand name").fill("Park Creative");
    await form.getByLabel("Colour").selectOption({ label: "Green" });
    // A logo on http:// is refused: back on the page with the sentence, what was typed still there.
    await form.getByLabel("Logo address (https://, optional)").fill("http://park.example/logo.png");
    await form.getByRole("button", { name: "Save white label" }).click();
    await expect(page).toHaveURL(/\/app\/team-management\/clients#white-label$/);
    await expect(toast(page)).toContainText("The logo is an https:// address of an image, or nothing.");
    await expect(form.getByLabel("Brand name")).toHaveValue("Park Creative");
    await expect(form.getByLabel("Logo address (https://, optional)")).toHaveValue("http://park.example/logo.png");
    await screenshot(page, "white-label-refused", { widths: [1280, 360] });
    await form.getByLabel("Logo address (https://, optional)").fill("");
    await form.getByRole("button", { name: "Save white label" }).click();
    await expect(toast(page)).toContainText("White Label Saved");
    await expect(page.getByTestId("brand-preview")).toHaveText("Park Creative");

    // A member's post awaiting approval, shared with the client.
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental" } })).status()).toBe(201);
    expect((await page.request.put("/api/team-settings", { data: { approvalRequired: true } })).status()).toBe(200);
    const memberContext = await mariaJoins(page, browser, outbox);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const post = (await (
      await memberContext.request.post("/api/posts", {
        data: { content: "Open house on Saturday", platforms: ["bluesky"], status: "scheduled", scheduledAt: tomorrow },
      })
    ).json()) as { id: string };
    const link = (await (await page.request.post("/api/approval-links", { data: { postIds: [post.id] } })).json()) as { url: string };
    await memberContext.close();

    for (const width of [1280, 360]) {
      const client = await browser.newContext({ viewport: { width, height: 800 } });
      const view = await client.newPage();
      await view.goto(new URL(link.url).pathname);
      await expect(view.getByTestId("branded")).toContainText("Park Creative");
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Park Creative asks for your approval");
      await expect(view.getByText("SocialDesk")).toHaveCount(0);
      await expect(view).toHaveTitle("Approve posts | Park Creative");
      await screenshot(view, `white-label-approval-${width}`, { fullPage: true });
      await client.close();
    }

    // Its link-in-bio preview, as its public page, does not say "Made with SocialDesk".
    await page.goto("/app/link-in-bio");
    await expect(page.getByTestId("bio-preview").getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("bio-preview").getByText("Made with SocialDesk")).toHaveCount(0);
  });

  test("a plan without team collaboration sees the premium gate", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/team-management");
    await expect(page.getByTestId("premium-gate")).toContainText("Premium Feature");
    await expect(page.getByRole("link", { name: "Upgrade Plan" })).toBeVisible();
  });
});
