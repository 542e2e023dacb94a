import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { OPEN_SUPPORT } from "./open-event";
import { SupportPanel } from "./SupportPanel";

const Panel = () => {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_SUPPORT, show);
    return () => window.removeEventListener(OPEN_SUPPORT, show);
  }, []);
  return <SupportPanel open={open} onClose={() => setOpen(false)} />;
};

/** Mounts the support panel, open, into `root` (the shell loads this at the first click on Help, so pages carry no chat code up front). */
export const mountSupport = (root: HTMLElement) => createRoot(root).render(<Panel />);
