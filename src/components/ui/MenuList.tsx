import { type KeyboardEvent, type ReactNode, type RefObject, use, useEffect, useRef } from "react";
import type { LazyMenuItems, MenuItem } from "./Menu";

interface MenuListProps {
  readonly id: string;
  readonly label: string;
  readonly items: ReadonlyArray<MenuItem> | LazyMenuItems;
  /** For lazy entries, what their code loaded (the list waits for it; null: it could not load). */
  readonly loaded: Promise<unknown> | null;
  readonly children?: (close: () => void) => ReactNode;
  /** The menu's root (button and list): a pointer down outside it closes the list. */
  readonly root: RefObject<HTMLDivElement | null>;
  /** Closes the list; with `returnFocus`, the button gets the focus back. */
  readonly close: (returnFocus?: boolean) => void;
}

/**
 * The open list of a Menu (loaded when a menu first opens, see Menu.tsx): placed on screen, the
 * first item focused, the arrows, Home and End move, Escape closes and gives focus back to the
 * button, Tab and a click outside close it.
 */
export default function MenuList({ id, label, items: given, loaded, children, root, close }: MenuListProps) {
  const list = useRef<HTMLDivElement>(null);
  const module = "load" in given && loaded ? use(loaded) : null;
  const items = "load" in given ? (module === null ? [] : given.build(module)) : given;

  const focusables = () => Array.from(list.current?.querySelectorAll<HTMLElement>("[role=menuitem]:not([aria-disabled=true]), button, input") ?? []);

  useEffect(() => {
    // Near the right edge (a small screen), the list opens leftwards instead of off-screen.
    const placed = list.current?.getBoundingClientRect();
    if (placed && placed.right > document.documentElement.clientWidth) list.current?.classList.add("ui-menu-list-end");
    focusables()[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = focusables();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") close(false);
    else if (children) return;
    else if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
  };

  return (
    <div ref={list} id={id} className="ui-menu-list" role={children ? "dialog" : "menu"} aria-label={label} onKeyDown={onMenuKey}>
      {children
        ? children(() => close())
        : items.map((item) =>
            item.href && !item.disabled ? (
              <a
                key={item.label}
                role="menuitem"
                className="ui-menu-item"
                href={item.href}
                target={item.external ? "_blank" : undefined}
                rel={item.external ? "noopener noreferrer" : undefined}
                tabIndex={-1}
                onClick={() => close(false)}
              >
                <span>{item.label}</span>
                {item.hint && <span className="ui-menu-hint">{item.hint}</span>}
              </a>
            ) : (
              <div
                key={item.label}
                role="menuitem"
                className="ui-menu-item"
                tabIndex={-1}
                aria-disabled={item.disabled ? true : undefined}
                onClick={() => {
                  if (item.disabled) return;
                  close();
                  item.onSelect?.();
                }}
                onKeyDown={(event) => {
                  if ((event.key === "Enter" || event.key === " ") && !item.disabled) {
                    event.preventDefault();
                    close();
                    item.onSelect?.();
                  }
                }}
              >
                <span>{item.label}</span>
                {item.hint && <span className="ui-menu-hint">{item.hint}</span>}
              </div>
            ),
          )}
    </div>
  );
}
