import { i18n } from '@streamflix/shared';
import {
  CAPTION_BACKGROUNDS,
  CAPTION_COLORS,
  CAPTION_FONTS,
  CAPTION_SIZES,
  type CaptionBackground,
  type CaptionColor,
  type CaptionFont,
  type CaptionSize,
} from '../captions/caption-style';

/**
 * The names of the subtitle settings' choices, only shown by the settings dialog: they are in this
 * part's catalog (docs/i18n.md, "Parts"), loaded with the dialog. Read at render time.
 */
function sizeLabel(size: CaptionSize): string {
  switch (size) {
    case 'small':
      return i18n._({ id: 'mf-player.captions.size.small', message: 'Small' });
    case 'medium':
      return i18n._({ id: 'mf-player.captions.size.medium', message: 'Medium' });
    case 'large':
      return i18n._({ id: 'mf-player.captions.size.large', message: 'Large' });
    case 'x-large':
      return i18n._({ id: 'mf-player.captions.size.xLarge', message: 'Extra large' });
  }
}

function colourLabel(colour: CaptionColor): string {
  switch (colour) {
    case 'white':
      return i18n._({ id: 'mf-player.captions.colour.white', message: 'White' });
    case 'yellow':
      return i18n._({ id: 'mf-player.captions.colour.yellow', message: 'Yellow' });
    case 'cyan':
      return i18n._({ id: 'mf-player.captions.colour.cyan', message: 'Cyan' });
    case 'green':
      return i18n._({ id: 'mf-player.captions.colour.green', message: 'Green' });
    case 'magenta':
      return i18n._({ id: 'mf-player.captions.colour.magenta', message: 'Magenta' });
  }
}

function backgroundLabel(background: CaptionBackground): string {
  if (background === 0)
    return i18n._({ id: 'mf-player.captions.background.none', message: 'None' });
  if (background === 100)
    return i18n._({ id: 'mf-player.captions.background.solid', message: 'Solid' });
  return `${background}%`;
}

function fontLabel(font: CaptionFont): string {
  switch (font) {
    case 'sans':
      return i18n._({ id: 'mf-player.captions.font.sans', message: 'Sans-serif' });
    case 'serif':
      return i18n._({ id: 'mf-player.captions.font.serif', message: 'Serif' });
    case 'mono':
      return i18n._({ id: 'mf-player.captions.font.mono', message: 'Monospace' });
    case 'casual':
      return i18n._({ id: 'mf-player.captions.font.casual', message: 'Casual' });
    case 'small-caps':
      return i18n._({ id: 'mf-player.captions.font.smallCaps', message: 'Small capitals' });
  }
}

/** Each setting's choices with their names in the active language. */
export const captionOptions = () => ({
  sizes: CAPTION_SIZES.map(({ value }) => ({ value, label: sizeLabel(value) })),
  colours: CAPTION_COLORS.map(({ value }) => ({ value, label: colourLabel(value) })),
  backgrounds: CAPTION_BACKGROUNDS.map(({ value }) => ({ value, label: backgroundLabel(value) })),
  fonts: CAPTION_FONTS.map(({ value }) => ({ value, label: fontLabel(value) })),
});
