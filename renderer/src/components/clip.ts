/**
 * Text this short fits a row of the inspector or the step detail at the depths game states have;
 * in a row deeper still it widens the panel's scroll instead of being cut.
 */
const FITS = 10;

/**
 * The class that cuts `text` with an ellipsis when it may not fit (`'clip'`), or none. Every
 * clipped span is a clip of its own in the browser's paint: a tree of hundreds of them made each
 * frame that changed the inspector or the step detail slower.
 */
export const clipClass = (text: string): string => (text.length > FITS ? ' clip' : '');
