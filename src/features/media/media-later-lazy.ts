import { lazy } from "react";

/** The gallery's on-demand parts (media-later.tsx), as components that load on first render. */
const later = () => import("./media-later");
export const LazyMediaPreview = lazy(() => later().then((m) => ({ default: m.MediaPreview })));
export const LazyTagEditor = lazy(() => later().then((m) => ({ default: m.TagEditor })));
