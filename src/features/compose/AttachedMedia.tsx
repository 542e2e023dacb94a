import { isVideoAddress } from "../../../domain/media/addresses";

interface AttachedMediaProps {
  readonly media: ReadonlyArray<string>;
  readonly onRemove: (index: number) => void;
}

/** The post's attached files with their remove buttons (loaded with the first file, compose-later.ts). */
export default function AttachedMedia({ media, onRemove }: AttachedMediaProps) {
  return (
    <ul className="compose-thumbs" aria-label="Attached media" data-testid="attached-media">
      {media.map((url, i) => (
        <li key={`${url}-${i}`} className="compose-thumb">
          {isVideoAddress(url) ? <span className="compose-thumb-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} />}
          <button type="button" className="compose-thumb-remove" aria-label={`Remove attachment ${i + 1}`} onClick={() => onRemove(i)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
