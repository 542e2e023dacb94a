import { Dialog } from "../../components/ui/Dialog";

/** The one placeholder design the demo adds, served by us (public/demo). */
export const CANVA_DEMO_IMAGE = "/demo/canva-sample.png";

const TEMPLATES = [
  { id: "social-post", name: "Social Post", size: "1080 × 1080" },
  { id: "instagram-story", name: "Instagram Story", size: "1080 × 1920" },
  { id: "facebook-cover", name: "Facebook Cover", size: "820 × 312" },
] as const;

interface CanvaDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onDesign: (url: string) => void;
}

/** "Create Design with Canva" (spec core §2): always in demo mode, opened over the Create New Post dialog. */
export const CanvaDialog = ({ open, onClose, onDesign }: CanvaDialogProps) => (
  <Dialog open={open} title="Create Design with Canva" onClose={onClose} className="canva-dialog" bodyClassName="canva-body">
    <div className="canva-notice" role="note">
      <strong>Demo mode</strong>
      <p>
        Designing in Canva needs design-tool API credentials, which are not set up for this workspace. Contact support to enable it. Meanwhile,
        try a sample design below.
      </p>
    </div>
    <ul className="canva-templates" aria-label="Sample templates">
      {TEMPLATES.map((t) => (
        <li key={t.id}>
          <button type="button" className="canva-template" data-template={t.id} onClick={() => onDesign(CANVA_DEMO_IMAGE)}>
            <img src={CANVA_DEMO_IMAGE} alt="" className={`canva-preview canva-${t.id}`} />
            <span className="canva-template-name">{t.name}</span>
            <span className="muted canva-template-size">{t.size}</span>
          </button>
        </li>
      ))}
    </ul>
    <div className="ui-dialog-actions">
      <button type="button" className="btn btn-outline" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" onClick={() => onDesign(CANVA_DEMO_IMAGE)}>
        Try Demo Design
      </button>
    </div>
  </Dialog>
);
