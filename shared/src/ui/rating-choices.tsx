import { useEffect, useRef, type HTMLAttributes } from 'react';
import type { RatingValue } from '../contract/api-types';
import { HeartIcon, ThumbDownIcon, ThumbUpIcon, type SvgIconProps } from './icons';
import { useI18n } from '../i18n/react';
import styles from './rating-choices.module.css';

const cx = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

export interface RatingChoice {
  value: RatingValue;
  label: string;
  /**
   * @deprecated Always '': draw `RatingIcon` instead. It held an emoji, which showed as an empty
   * box on devices without an emoji font; kept so builds that still render it show nothing.
   */
  icon: string;
}

/** The three answers a profile can give about a title, in the order every screen shows them. */
export const RATING_CHOICES: readonly RatingChoice[] = [
  { value: 'not-for-me', label: 'Not for me', icon: '' },
  { value: 'like', label: 'I like this', icon: '' },
  { value: 'love', label: 'I love this', icon: '' },
];

const RATING_ICONS = { 'not-for-me': ThumbDownIcon, like: ThumbUpIcon, love: HeartIcon };

/** The SVG icon of a rating (thumb down, thumb up, heart); decorative, like every icon. */
export function RatingIcon({ value, className }: SvgIconProps & { value: RatingValue }) {
  const Drawn = RATING_ICONS[value];
  return <Drawn className={className} />;
}

/** The choice a rating stands for ("I like this"). */
export const ratingChoice = (value: RatingValue): RatingChoice =>
  RATING_CHOICES.find((c) => c.value === value)!;

export interface RatingChoicesProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'onChange'> {
  /** Names the group "Rate <titleName>". */
  titleName: string;
  /** The profile's rating now; null when it has none. */
  value: RatingValue | null;
  /** The rating asked for: the pressed choice, or null when the chosen one is pressed again. */
  onChoose: (next: RatingValue | null) => void;
  disabled?: boolean;
  /** 'column' stacks the choices (a card's pop-over); 'row' wraps them (default). */
  layout?: 'row' | 'column';
  /** Moves focus to the first choice when the group appears (a pop-over opened by keyboard). */
  focusFirst?: boolean;
}

/**
 * Not for me / I like this / I love this: a group of toggle buttons (aria-pressed). Pressing the chosen
 * one again clears the rating. Saving is the screen's: each one decides how it writes and what it says.
 */
export function RatingChoices({
  titleName,
  value,
  onChoose,
  disabled,
  layout = 'row',
  focusFirst = false,
  className,
  ...rest
}: RatingChoicesProps) {
  const i18n = useI18n();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
  }, [focusFirst]);
  return (
    <span
      role="group"
      aria-label={i18n._({
        id: 'shared.rating.group',
        message: 'Rate {title}',
        values: { title: titleName },
      })}
      className={cx(styles.choices, layout === 'column' && styles.column, className)}
      {...rest}
    >
      {RATING_CHOICES.map((c, i) => (
        <button
          key={c.value}
          ref={i === 0 ? first : undefined}
          type="button"
          className={styles.choice}
          aria-pressed={value === c.value}
          disabled={disabled}
          onClick={() => onChoose(value === c.value ? null : c.value)}
        >
          <RatingIcon value={c.value} /> {choiceLabel(i18n, c.value)}
        </button>
      ))}
    </span>
  );
}

/** A choice's label in the UI's language (RATING_CHOICES keeps the English ones for older builds). */
export function choiceLabel(i18n: ReturnType<typeof useI18n>, value: RatingValue): string {
  switch (value) {
    case 'not-for-me':
      return i18n._({ id: 'shared.rating.notForMe', message: 'Not for me' });
    case 'like':
      return i18n._({ id: 'shared.rating.like', message: 'I like this' });
    default:
      return i18n._({ id: 'shared.rating.love', message: 'I love this' });
  }
}
