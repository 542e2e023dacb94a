import { useEffect, useState } from "react";
import { Dialog } from "../../components/ui/Dialog";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import { toast } from "../../islands/toast/toast-store";

/** The file a download saves, named after the page ("lee-dental-qr.svg"). */
/** Why QR Code, Share or Preview are off (no saved username, or the page not published). */
const HINT_ID = "bio-preview-hint";

const download = (href: string, fileName: string) => {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};

/** The QR code of the public address, drawn in the browser by `qrcode` (loaded when first shown). */
export function QrPanel({ address, username }: { address: string; username: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode").then(async (QRCode) => {
      const drawn = await QRCode.toString(address, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
      if (current) setSvg(drawn);
    });
    return () => {
      current = false;
    };
  }, [address]);

  const downloadSvg = () => {
    if (!svg) return;
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    download(url, `${username}-qr.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  const downloadPng = async () => {
    const QRCode = await import("qrcode");
    download(await QRCode.toDataURL(address, { width: 1024, margin: 2, errorCorrectionLevel: "M" }), `${username}-qr.png`);
  };

  return (
    <div className="bio-qr" data-testid="bio-qr">
      {svg ? (
        <img
          className="bio-qr-image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={`QR code of ${address}`}
          width="176"
          height="176"
        />
      ) : (
        <span className="bio-qr-image bio-qr-loading" role="status">
          Drawing the QR code…
        </span>
      )}
      <div className="bio-qr-actions">
        <p className="muted bio-hint">Print it on cards, posters or your window: a phone's camera opens your page.</p>
        <button type="button" className="btn btn-outline" onClick={downloadSvg} disabled={!svg}>
          Download SVG
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void downloadPng()} disabled={!svg}>
          Download PNG
        </button>
      </div>
    </div>
  );
}

interface Props {
  /** The saved username: the page's address exists only with one. */
  readonly username: string | null;
  readonly address: string | null;
  readonly title: string;
  readonly isPublished: boolean;
  readonly hydrated: boolean;
}

const NO_ADDRESS_YET = "Choose a username in Settings to give your page its address.";

/** QR Code, Share and Preview of the public page: the buttons above the tabs. */
export function ShareTools({ username, address, title, isPublished, hydrated }: Props) {
  const [qrOpen, setQrOpen] = useState(false);
  const share = async () => {
    if (!address) return;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url: address });
        return;
      } catch (error) {
        // Closing the share sheet is no failure; a sheet that could not open falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: "Link copied", description: address });
    } catch {
      toast({ title: "Error", description: `The link could not be copied. Copy it by hand: ${address}`, variant: "destructive" });
    }
  };
  const hint = !address ? NO_ADDRESS_YET : !isPublished ? "Publish the page in Settings to preview it." : null;

  return (
    <div className="bio-share-tools">
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => setQrOpen(true)}
        disabled={!hydrated || !address}
        {...describedBy({ [HINT_ID]: !address })}
      >
        QR Code
      </button>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => void share()}
        disabled={!hydrated || !address}
        {...describedBy({ [HINT_ID]: !address })}
      >
        Share
      </button>
      {address && isPublished && username ? (
        <a className="btn btn-primary" href={`/bio/${encodeURIComponent(username)}`} target="_blank" rel="noopener">
          Preview
        </a>
      ) : (
        <button type="button" className="btn btn-primary" aria-disabled="true" {...describedBy({ [HINT_ID]: hint })} onClick={() => undefined}>
          Preview
        </button>
      )}
      {hint && (
        <DisabledReason id={HINT_ID} className="bio-hint bio-share-hint">
          {hint}
        </DisabledReason>
      )}
      <Dialog open={qrOpen} title="QR Code" description={address} onClose={() => setQrOpen(false)}>
        {address && username && <QrPanel address={address} username={username} />}
      </Dialog>
    </div>
  );
}
