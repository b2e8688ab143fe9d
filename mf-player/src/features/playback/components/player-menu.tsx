import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './player-menu.module.css';
import controlStyles from './control-bar.module.css';
import { CheckIcon } from '@streamflix/shared';

export interface MenuItem {
  key: string;
  label: string;
  checked: boolean;
  onSelect: () => void;
  /** 'radio' (default): one of a set; 'check': on or off; 'action': opens or does something. */
  kind?: 'radio' | 'check' | 'action';
}

const ROLES = { radio: 'menuitemradio', check: 'menuitemcheckbox', action: 'menuitem' } as const;

/**
 * A menu button (WAI-ARIA menu pattern with radio, checkbox or plain items): arrow keys move,
 * Enter/Space picks, Escape closes and gives focus back to the button.
 */
export function PlayerMenu({
  label,
  value,
  items,
  icon,
  onOpenChange,
}: {
  label: string;
  /** Shown on the button, e.g. "Auto (720p)". */
  value: string;
  items: MenuItem[];
  /** A decorative SVG icon drawn before the value. */
  icon?: ReactNode;
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!open) return;
    const el = listRef.current;
    const checked =
      el?.querySelector<HTMLElement>('[aria-checked="true"]') ??
      el?.querySelector<HTMLElement>('[role^="menuitem"]');
    checked?.focus();
    const onDown = (e: PointerEvent) => {
      if (!el?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node))
        setOpenState(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = Array.from(
      listRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    const i = entries.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next =
        e.key === 'ArrowDown'
          ? (i + 1) % entries.length
          : (i - 1 + entries.length) % entries.length;
      entries[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      entries[e.key === 'Home' ? 0 : entries.length - 1]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpenState(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpenState(false);
    }
  };

  return (
    <div className={styles.menuWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={controlStyles.control}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`${label}: ${value}`}
        onClick={() => setOpenState(!open)}
      >
        {icon ?? null}
        <span className={styles.menuValue}>{value}</span>
      </button>
      {open ? (
        <div
          ref={listRef}
          id={id}
          role="menu"
          aria-label={label}
          className={styles.menu}
          onKeyDown={onKeyDown}
        >
          <div className={styles.menuTitle} aria-hidden="true">
            {label}
          </div>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={ROLES[item.kind ?? 'radio']}
              aria-checked={item.kind === 'action' ? undefined : item.checked}
              tabIndex={-1}
              className={styles.menuItem}
              onClick={() => {
                item.onSelect();
                setOpenState(false);
                buttonRef.current?.focus();
              }}
            >
              <span aria-hidden="true" className={styles.check}>
                {item.checked ? <CheckIcon /> : null}
              </span>
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
