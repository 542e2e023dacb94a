import { describe, expect, it } from "vitest";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * A person in several workspaces: their own, and those whose teams they joined with the account
 * they have; they switch between them, and only between them.
 */

const app = useAppServer();
const { owner, linkSentTo, workspaceOf, email } = teamHelpers(app);

describe("several workspaces per person", () => {
  it("given an account, when its owner accepts another workspace's invitation, then they work there and switch back to their own", async () => {
    const agency = await owner("professional", { company: "Park Agency" });
    const clinic = await owner("professional", { company: "Lee Dental", email: email("lee") });
    const clinicWorkspace = await workspaceOf(clinic.user.id);
    const agencyWorkspace = await workspaceOf(agency.user.id);

    // The invitation is for the clinic owner's address; someone else signed in is refused.
    expect((await agency.browser.post("/api/team-invites", { email: clinic.input.email, role: "admin" })).status).toBe(201);
    const { token } = await linkSentTo(clinic.input.email as string);
    const stranger = await signUp(app.server.url);
    const refused = await stranger.browser.post(`/api/invitations/${token}/accept`, {});
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(`This invitation is for ${clinic.input.email}. Sign in with that address to accept it.`);

    const accepted = await clinic.browser.post(`/api/invitations/${token}/accept`, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.data).toMatchObject({ workspaceName: "Park Agency", role: "admin" });
    expect((await clinic.browser.get("/api/auth/user")).data).toMatchObject({ teamRole: "admin", company: clinic.input.company });
    const [row] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${clinic.user.id}`;
    expect(row!.workspace_id).toBe(agencyWorkspace);
    const list = (await clinic.browser.get("/api/workspaces")).data as Array<Record<string, unknown>>;
    expect(list).toEqual([
      { id: clinicWorkspace, name: "Lee Dental", role: "owner", current: false, unread: 0 },
      { id: agencyWorkspace, name: "Park Agency", role: "admin", current: true, unread: 0 },
    ]);
    // The agency's team now counts them; the invitation is used.
    expect(((await agency.browser.get("/api/team-members")).data as Array<{ id: string }>).map((m) => m.id)).toContain(clinic.user.id);
    expect((await clinic.browser.post(`/api/invitations/${token}/accept`, {})).status).toBe(409);

    // Back to their own workspace, where they are the owner; never into one they don't belong to.
    const back = await clinic.browser.post("/api/workspaces/switch", { workspaceId: clinicWorkspace });
    expect(back.status, back.text).toBe(200);
    expect((await clinic.browser.get("/api/auth/user")).data.teamRole).toBe("owner");
    const foreign = await clinic.browser.post("/api/workspaces/switch", { workspaceId: await workspaceOf(stranger.user.id) });
    expect(foreign.status).toBe(404);
    expect((await clinic.browser.get("/api/auth/user")).data.teamRole).toBe("owner");

    // The shell's switcher is a plain form that comes back to the same screen.
    const viaForm = await clinic.browser.submit("/api/workspaces/switch", { workspaceId: agencyWorkspace, back: "/app/calendar?view=week" });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get("location")).toBe("/app/calendar?view=week");
    expect((await clinic.browser.get("/api/auth/user")).data.teamRole).toBe("admin");

    // Removed from the agency's team while working there: signed out, and back in their own on the next sign-in.
    expect((await agency.browser.delete(`/api/team-members/${clinic.user.id}`)).status).toBe(204);
    expect((await clinic.browser.get("/api/auth/user")).status).toBe(401);
    const again = await new Browser(app.server.url).post("/api/auth/login", { email: clinic.input.email, password: clinic.input.password });
    expect(again.status, again.text).toBe(200);
    expect(again.data.user).toMatchObject({ teamRole: "owner", company: "Lee Dental" });
  });
});
