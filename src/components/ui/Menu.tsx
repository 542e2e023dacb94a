import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

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

interface MenuProps {
  readonly label: string;
  readonly items: ReadonlyArray<MenuItem>;
  readonly disabled?: boolean;
  /** Instead of items: any content (an emoji grid); it closes the menu through `close`. */
  readonly children?: (close: () => void) => ReactNode;
  readonly onOpen?: () => void;
  readonly className?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on the first item, the
 * arrows, Home and End move, Escape closes it and gives focus back to the button, and a click
 * outside closes it.
 */
export const Menu = ({ label, items, disabled, children, onOpen, className }: MenuProps) => {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const focusables = () => Array.from(list.current?.querySelectorAll<HTMLElement>("[role=menuitem]:not([aria-disabled=true]), button, input") ?? []);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // Near the right edge (a small screen), the list opens leftwards instead of off-screen.
    const placed = list.current?.getBoundingClientRect();
    if (placed && placed.right > document.documentElement.clientWidth) list.current?.classList.add("ui-menu-list-end");
    focusables()[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const toggle = () => {
    if (!open) onOpen?.();
    setOpen(!open);
  };

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
    } else if (event.key === "Tab") setOpen(false);
    else if (children) return;
    else if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
  };

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
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            toggle();
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
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
      )}
    </div>
  );
};
