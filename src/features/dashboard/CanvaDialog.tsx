import { useState } from "react";
import { DEFAULT_DESIGN_TEMPLATE, DESIGN_TEMPLATES, type DesignTemplateId } from "../../../domain/media/designs";
import { Dialog } from "../../components/ui/Dialog";
import { api } from "../../lib/api/client";
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";

/** The picture of the templates' previews, served by us (public/demo). */
export const CANVA_DEMO_IMAGE = "/demo/canva-sample.png";

const DESIGN_FAILED = "The design could not be added. Please try again.";

interface CanvaDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The design's address in the media library, to attach to the post. */
  readonly onDesign: (url: string) => void;
}

/**
 * "Create Design with Canva" (spec core §2): always in demo mode, opened over the Create New Post
 * dialog or from compose's Import from Canva. A template (or Try Demo Design) becomes an image of its
 * size in the media library (POST /api/media/designs), which the post attaches like any upload.
 */
export const CanvaDialog = ({ open, onClose, onDesign }: CanvaDialogProps) => {
  const [making, setMaking] = useState<DesignTemplateId | null>(null);
  const make = async (template: DesignTemplateId) => {
    setMaking(template);
    try {
      const { url } = await api.post("/api/media/designs", { payload: { template } });
      onDesign(url);
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, DESIGN_FAILED), variant: "destructive" });
    } finally {
      setMaking(null);
    }
  };
  return (
    <Dialog open={open} title="Create Design with Canva" onClose={onClose} className="canva-dialog" bodyClassName="canva-body">
      <div className="canva-notice" role="note">
        <strong>Demo mode</strong>
        <p>
          Designing in Canva needs design-tool API credentials, which are not set up for this workspace. Contact support to enable it. Meanwhile,
          try a sample design below: it is saved in your media library and added to the post.
        </p>
      </div>
      <ul className="canva-templates" aria-label="Sample templates">
        {DESIGN_TEMPLATES.map((t) => (
          <li key={t.id}>
            <button type="button" className="canva-template" data-template={t.id} disabled={making !== null} onClick={() => void make(t.id)}>
              <img src={CANVA_DEMO_IMAGE} alt="" className={`canva-preview canva-${t.id}`} />
              <span className="canva-template-name">{t.name}</span>
              <span className="muted canva-template-size">
                {making === t.id ? "Adding…" : `${t.width} × ${t.height}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={making !== null} onClick={() => void make(DEFAULT_DESIGN_TEMPLATE)}>
          {making === null ? "Try Demo Design" : "Adding design…"}
        </button>
      </div>
    </Dialog>
  );
};
