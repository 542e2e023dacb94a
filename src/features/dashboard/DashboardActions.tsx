import { useStore } from "@nanostores/react";
import { lazy, Suspense, useState } from "react";
import type { PlatformId } from "../../../domain/accounts/platforms";
import { useHydrated } from "../../components/ui/use-hydrated";
import { $period } from "./dashboard-store";
import "./dashboard.css";

/** The dialog and what only it needs load when the button is first pointed at, focused or pressed. */
const loadDialog = () => import("./CreatePostDialog");
const CreatePostDialog = lazy(loadDialog);

interface Props {
  /** Today in the user's time zone (YYYY-MM-DD): the earliest schedule date. */
  readonly today: string;
  readonly timeZone: string;
  /** Platforms with an active connected account. */
  readonly connected: ReadonlyArray<PlatformId>;
  /** The person's role may create posts (not a viewer). */
  readonly canCreate: boolean;
}

/** The dashboard header's actions: Export (CSV of the chosen period) and Create Post with its dialog. */
export default function DashboardActions({ today, timeZone, connected, canCreate }: Props) {
  const hydrated = useHydrated();
  const period = useStore($period);
  const [open, setOpen] = useState(false);
  /** Mounted once opened, so the form keeps what was typed when the dialog is closed and opened again. */
  const [used, setUsed] = useState(false);

  return (
    <div className="dash-actions" data-testid="dashboard-actions" data-hydrated={hydrated ? "true" : "false"}>
      <a className="btn btn-outline" href={`/api/posts/export.csv?period=${period}`} download data-testid="export-posts">
        Export
      </a>
      {canCreate && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          Create Post
        </button>
      )}
      {used && (
        <Suspense fallback={null}>
          <CreatePostDialog open={open} onClose={() => setOpen(false)} today={today} timeZone={timeZone} connected={connected} />
        </Suspense>
      )}
    </div>
  );
}
