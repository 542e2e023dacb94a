import type { ClientDirective } from "astro";

/**
 * `client:click={{ trigger, now }}`: the island's code is loaded and hydrated at the first click on
 * an element matching `trigger` (or at once when `now`), so a page carries none of it up front. The
 * triggers are links that work without JavaScript; with it, their clicks are the island's.
 */
const clickDirective: ClientDirective = (load, options) => {
  const { trigger, now } = options.value as unknown as { readonly trigger: string; readonly now?: boolean };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  for (const element of document.querySelectorAll<HTMLElement>(trigger)) {
    element.addEventListener("click", (event) => {
      event.preventDefault();
      start();
    });
  }
  if (now) start();
};

export default clickDirective;
