import { useId } from 'react';
import { Button, Dialog } from '@streamflix/shared';
import {
  CAPTION_BACKGROUNDS,
  CAPTION_COLORS,
  CAPTION_FONTS,
  CAPTION_SIZES,
  captionCss,
  offsetLabel,
  type CaptionStyle,
} from './caption-style';
import styles from './captions.module.css';

export interface CaptionSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  style: CaptionStyle;
  onStyleChange: (style: CaptionStyle) => void;
  /** Seconds; positive shows each line later. */
  offset: number;
  onOffsetStep: (direction: 1 | -1) => void;
  onOffsetReset: () => void;
  /** The keys that move the timing, for the hint ("G", "H"). */
  earlierKey: string;
  laterKey: string;
}

function Choice<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className={styles.option}>
          <input
            type="radio"
            name={name}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Subtitle appearance (size, colour, background, font) with a live preview, and the timing
 * for a file that is out of sync. Loaded only when opened. The style is kept per profile;
 * the timing is for this title only (another file has its own offset).
 */
export default function CaptionSettingsDialog(props: CaptionSettingsDialogProps) {
  const { style, onStyleChange } = props;
  const name = useId();
  const set = (patch: Partial<CaptionStyle>) => onStyleChange({ ...style, ...patch });
  return (
    <Dialog
      open={props.open}
      title="Subtitle settings"
      onClose={props.onClose}
      actions={<Button onClick={props.onClose}>Done</Button>}
    >
      <div className={styles.settings}>
        <figure className={styles.preview} style={captionCss(style)} data-testid="caption-preview">
          <figcaption className="sf-visually-hidden">Preview</figcaption>
          <span className={styles.sample}>It came from the lighthouse.</span>
        </figure>
        <Choice
          legend="Text size"
          name={`${name}-size`}
          options={CAPTION_SIZES}
          value={style.size}
          onChange={(size) => set({ size })}
        />
        <Choice
          legend="Text colour"
          name={`${name}-colour`}
          options={CAPTION_COLORS}
          value={style.color}
          onChange={(color) => set({ color })}
        />
        <Choice
          legend="Background"
          name={`${name}-background`}
          options={CAPTION_BACKGROUNDS}
          value={style.background}
          onChange={(background) => set({ background })}
        />
        <Choice
          legend="Font"
          name={`${name}-font`}
          options={CAPTION_FONTS}
          value={style.font}
          onChange={(font) => set({ font })}
        />
        <fieldset className={styles.fieldset}>
          <legend>Timing (this title)</legend>
          <div className={styles.timing}>
            <Button variant="secondary" onClick={() => props.onOffsetStep(-1)}>
              Earlier by 50 ms
            </Button>
            <output aria-live="polite" aria-label="Subtitle timing">
              {offsetLabel(props.offset)}
            </output>
            <Button variant="secondary" onClick={() => props.onOffsetStep(1)}>
              Later by 50 ms
            </Button>
            <Button variant="ghost" onClick={props.onOffsetReset} disabled={props.offset === 0}>
              Reset timing
            </Button>
          </div>
          <p>
            While watching: {props.earlierKey} shows subtitles earlier, {props.laterKey} later.
          </p>
        </fieldset>
      </div>
    </Dialog>
  );
}
