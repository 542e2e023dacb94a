/** The choices of a list that reads across an agency's clients: this workspace, all of them, or one. */
export const WorkspaceOptions = ({ workspaces }: { readonly workspaces: ReadonlyArray<{ readonly id: string; readonly name: string }> }) => (
  <>
    <option value="">This workspace</option>
    <option value="all">All clients</option>
    {workspaces.map((w) => (
      <option key={w.id} value={w.id}>
        {w.name}
      </option>
    ))}
  </>
);
