import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { Trans } from '@lingui/react';
import styles from './primitives.module.css';

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /**
   * The action it starts is under way: the button is disabled and announced as busy, and
   * says `busyLabel` ("Saving…") instead of its children.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', className, type = 'button', busy, busyLabel, children, ...rest },
  ref,
) {
  const busyProps = busy === undefined ? {} : { disabled: busy, 'aria-busy': busy };
  return (
    <button
      ref={ref}
      type={type}
      className={cx(styles.button, styles[variant], className)}
      {...busyProps}
      {...rest}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
});

/** Class names for links that look like buttons (router links keep their semantics). */
export const buttonClassName = (variant: ButtonProps['variant'] = 'primary') =>
  cx(styles.button, styles[variant]);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** The label, hint and error every form control shows, wired for screen readers. */
function useFieldFrame(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    described: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    },
    messages: (
      <>
        {hint ? (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        ) : null}
        {error ? (
          <span id={errorId} className={styles.error} role="alert">
            {error}
          </span>
        ) : null}
      </>
    ),
  };
}

/** A labelled input: the label, hint and error are wired for screen readers. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, hint, error, id, className, ...rest },
  ref,
) {
  const { controlId, described, messages } = useFieldFrame(id, hint, error);
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
      </label>
      <input ref={ref} id={controlId} className={styles.input} {...described} {...rest} />
      {messages}
    </div>
  );
});

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** Keeps the label for screen readers only, where the options speak for themselves visually. */
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Smaller, for a picker in a toolbar or header (still a comfortable target). */
  compact?: boolean;
}

/**
 * A labelled native select: the keyboard, the option list and mobile pickers stay the
 * browser's; label, hint and error are wired for screen readers as in Input.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hideLabel, hint, error, compact, id, className, children, ...rest },
  ref,
) {
  const { controlId, described, messages } = useFieldFrame(id, hint, error);
  return (
    <div className={cx(styles.field, className)}>
      <label className={hideLabel ? 'sf-visually-hidden' : styles.label} htmlFor={controlId}>
        {label}
      </label>
      <select
        ref={ref}
        id={controlId}
        className={cx(styles.input, styles.select, compact && styles.compact)}
        {...described}
        {...rest}
      >
        {children}
      </select>
      {messages}
    </div>
  );
});

/**
 * A decorative icon on the 24-unit grid, drawn in the text colour; the control around it is
 * what is named. A one-shape icon passes its path as `d`, anything else draws its children.
 */
export function Icon({
  className,
  d,
  children,
}: {
  className?: string;
  d?: string;
  children?: ReactNode;
}) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="currentColor"
    >
      {d ? <path d={d} /> : children}
    </svg>
  );
}

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.card, className)} {...rest} />;
}

export function Skeleton({
  width = '100%',
  height = '1em',
  className,
  label = 'Loading',
}: {
  width?: string | number;
  height?: string | number;
  className?: string;
  label?: string;
}) {
  return (
    <span
      className={cx(styles.skeleton, className)}
      style={{ width, height }}
      role="status"
      aria-label={label}
    />
  );
}

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** A secondary button, first among the actions, that closes the dialog without acting ("Keep subscription"). */
  dismissLabel?: string;
}

/** A modal dialog on the native <dialog>: focus trap, Escape and inert background for free. */
export function Dialog({ open, title, onClose, children, actions, dismissLabel }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    } else if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
      {actions || dismissLabel ? (
        <div className={styles.dialogActions}>
          {dismissLabel ? (
            <Button variant="secondary" onClick={onClose}>
              {dismissLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </dialog>
  );
}

export function Page({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <main className={cx(styles.page, className)} {...rest} />;
}

/**
 * Kept only for remote builds made before every screen shipped (staging may still compose one):
 * such a build shows this instead of its old placeholder, pointing the viewer at a reload.
 * @deprecated No current screen uses it; removed once no supported release imports it
 * (`npm run surface -- --check` lists them).
 */
export function ComingSoon({
  title,
  owner,
  children,
}: {
  title: string;
  owner: string;
  children?: ReactNode;
}) {
  return (
    <Page aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <div className={styles.notice}>
        <p>
          <Trans
            id="shared.comingSoon.outOfDate"
            message="This version of the screen is out of date. Reload the page to get the current one from <0>{owner}</0>."
            values={{ owner }}
            components={{ 0: <strong /> }}
          />
        </p>
        {children}
      </div>
    </Page>
  );
}
