import { lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";

export interface MenuItem {
  readonly label: string;
  /** Shown under the label, e.g. why an item is unavailable. */
  readonly hint?: string;
  readonly onSelect?: () => void;
  /** A link instead of an action (opened in a new tab when external). */
  readonly href?: string;
  readonly external?: boolean;
  readonly disabled?: boolean;
}

/**
 * Entries whose code loads when the menu opens (kept out of the page's first load): `load` is
 * called at each opening, `build` makes the entries from what it loaded at each render, so that
 * they call the page's current handlers. Made by `lazyItems`.
 */
export interface LazyMenuItems {
  readonly load: () => Promise<unknown>;
  readonly build: (loaded: unknown) => ReadonlyArray<MenuItem>;
}

export const lazyItems = <M,>(load: () => Promise<M>, build: (loaded: M) => ReadonlyArray<MenuItem>): LazyMenuItems => ({
  load,
  build: build as (loaded: unknown) => ReadonlyArray<MenuItem>,
});

interface MenuProps {
  readonly label: string;
  readonly items: ReadonlyArray<MenuItem> | LazyMenuItems;
  readonly disabled?: boolean;
  /** Instead of items: any content (an emoji grid); it closes the menu through `close`. */
  readonly children?: (close: () => void) => ReactNode;
  readonly onOpen?: () => void;
  readonly className?: string;
}

/** The open list's code: fetched when a pointer or the focus reaches a menu button, shown on open. */
const loadList = () => import("./MenuList");
const MenuList = lazy(loadList);

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item, the
 * arrows, Home and End move, Escape closes it and gives focus back to the button, and a click
 * outside closes it (MenuList.tsx).
 */
export const Menu = ({ label, items, disabled, children, onOpen, className }: MenuProps) => {
  const [open, setOpen] = useState(false);
  /** What lazy entries loaded at the last opening (null: their code could not load). */
  const [loaded, setLoaded] = useState<Promise<unknown> | null>(null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const toggle = () => {
    if (!open) {
      onOpen?.();
      if ("load" in items) setLoaded(items.load().catch(() => null));
    }
    setOpen(!open);
  };

  const preload = () => void loadList().catch(() => undefined);

  return (
    <div ref={root} className={className ? `ui-menu ${className}` : "ui-menu"}>
      <button
        ref={button}
        type="button"
        className="btn btn-outline btn-sm ui-menu-button"
        aria-haspopup={children ? "dialog" : "menu"}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onClick={toggle}
        onPointerEnter={preload}
        onFocus={preload}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            toggle();
          }
          // Open while its list still loads: Escape closes it from the button too.
          if (event.key === "Escape" && open) {
            event.preventDefault();
            close();
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuList id={id} label={label} items={items} loaded={loaded} root={root} close={close}>
            {children}
          </MenuList>
        </Suspense>
      )}
    </div>
  );
};
