import { useEffect, useState } from "react";
import { SupportPanel } from "./SupportPanel";

/**
 * The shell's support panel, hydrated at the first click on a Help button (`client:click`): open as
 * soon as it is, and again at each later click. Nothing is rendered on the server.
 */
export const SupportLauncher = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setOpen(true);
    const show = (event: Event) => (event.preventDefault(), setOpen(true));
    const buttons = [...document.querySelectorAll<HTMLElement>("[data-help-open]")];
    for (const button of buttons) button.addEventListener("click", show);
    return () => buttons.forEach((button) => button.removeEventListener("click", show));
  }, []);
  return <SupportPanel open={open} onClose={() => setOpen(false)} />;
};
