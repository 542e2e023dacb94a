import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";

interface Props {
  title: string;
  /** The article's public address (/help/{id}): it opens for anyone, signed in or not. */
  url: string;
}

/** Share: the system share sheet where the browser has one, else the public link copied. */
export default function ShareArticle({ title, url }: Props) {
  const hydrated = useHydrated();
  // In the click itself: some browsers allow sharing and the clipboard only right after it.
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closed without sharing: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "The article's link is on your clipboard." });
    } catch {
      toast({ title: "Could not copy", description: `Your browser did not allow copying. The link is ${url}`, variant: "destructive" });
    }
  };
  return (
    <button type="button" className="btn btn-outline" disabled={!hydrated} onClick={() => void share()} data-testid="share-article">
      Share
    </button>
  );
}
