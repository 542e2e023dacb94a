import { isVideoAddress } from "../../../domain/media/addresses";
import "./media-picker.css";

interface AttachedMediaProps {
  readonly media: ReadonlyArray<string>;
  readonly onRemove: (index: number) => void;
  /** The compose screen's thumbnails, or the smaller ones of the dashboard's Create New Post dialog. */
  readonly look?: "compose" | "dialog";
}

/** The post's attached files with their remove buttons (on compose, loaded with the first file: compose-later.ts). */
export default function AttachedMedia({ media, onRemove, look = "compose" }: AttachedMediaProps) {
  const prefix = look === "compose" ? "compose" : "cp";
  return (
    <ul className={`${prefix}-thumbs`} aria-label="Attached media" data-testid="attached-media">
      {media.map((url, i) => (
        <li key={`${url}-${i}`} className={`${prefix}-thumb`}>
          {isVideoAddress(url) ? <span className="compose-thumb-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} />}
          <button type="button" className={`${prefix}-thumb-remove`} aria-label={`Remove attachment ${i + 1}`} onClick={() => onRemove(i)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
