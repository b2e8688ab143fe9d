import { useCatalogs, useI18n } from '@streamflix/shared';
import { useId } from 'react';
import { Button, Dialog } from '@streamflix/shared';
import { captionCss, offsetLabel, type CaptionStyle } from '../captions/caption-style';
import styles from '../captions/captions.module.css';
import { captionOptions } from './caption-options';
import { captionSettingsCatalogs } from './locales/catalogs';

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
  useCatalogs(captionSettingsCatalogs);
  const { style, onStyleChange } = props;
  const name = useId();
  const i18n = useI18n();
  const options = captionOptions();
  const set = (patch: Partial<CaptionStyle>) => onStyleChange({ ...style, ...patch });
  return (
    <Dialog
      open={props.open}
      title={i18n._({ id: 'mf-player.captions.settings.title', message: 'Subtitle settings' })}
      onClose={props.onClose}
      actions={
        <Button onClick={props.onClose}>{i18n._({ id: 'mf-player.done', message: 'Done' })}</Button>
      }
    >
      <div className={styles.settings}>
        <figure className={styles.preview} style={captionCss(style)} data-testid="caption-preview">
          <figcaption className="sf-visually-hidden">
            {i18n._({ id: 'mf-player.captions.settings.preview', message: 'Preview' })}
          </figcaption>
          <span className={styles.sample}>
            {i18n._({
              id: 'mf-player.captions.settings.sample',
              message: 'It came from the lighthouse.',
            })}
          </span>
        </figure>
        <Choice
          legend={i18n._({ id: 'mf-player.captions.settings.size', message: 'Text size' })}
          name={`${name}-size`}
          options={options.sizes}
          value={style.size}
          onChange={(size) => set({ size })}
        />
        <Choice
          legend={i18n._({ id: 'mf-player.captions.settings.colour', message: 'Text colour' })}
          name={`${name}-colour`}
          options={options.colours}
          value={style.color}
          onChange={(color) => set({ color })}
        />
        <Choice
          legend={i18n._({ id: 'mf-player.captions.settings.background', message: 'Background' })}
          name={`${name}-background`}
          options={options.backgrounds}
          value={style.background}
          onChange={(background) => set({ background })}
        />
        <Choice
          legend={i18n._({ id: 'mf-player.captions.settings.font', message: 'Font' })}
          name={`${name}-font`}
          options={options.fonts}
          value={style.font}
          onChange={(font) => set({ font })}
        />
        <fieldset className={styles.fieldset}>
          <legend>
            {i18n._({ id: 'mf-player.captions.settings.timing', message: 'Timing (this title)' })}
          </legend>
          <div className={styles.timing}>
            <Button variant="secondary" onClick={() => props.onOffsetStep(-1)}>
              {i18n._({ id: 'mf-player.captions.settings.earlier', message: 'Earlier by 50 ms' })}
            </Button>
            <output
              aria-live="polite"
              aria-label={i18n._({
                id: 'mf-player.captions.settings.timingLabel',
                message: 'Subtitle timing',
              })}
            >
              {offsetLabel(props.offset)}
            </output>
            <Button variant="secondary" onClick={() => props.onOffsetStep(1)}>
              {i18n._({ id: 'mf-player.captions.settings.later', message: 'Later by 50 ms' })}
            </Button>
            <Button variant="ghost" onClick={props.onOffsetReset} disabled={props.offset === 0}>
              {i18n._({ id: 'mf-player.captions.settings.resetTiming', message: 'Reset timing' })}
            </Button>
          </div>
          <p>
            {i18n._({
              id: 'mf-player.captions.settings.keysHint',
              message: 'While watching: {earlierKey} shows subtitles earlier, {laterKey} later.',
              values: { earlierKey: props.earlierKey, laterKey: props.laterKey },
            })}
          </p>
        </fieldset>
      </div>
    </Dialog>
  );
}
