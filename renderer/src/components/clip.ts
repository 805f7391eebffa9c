/** Text this short never needs cutting with an ellipsis in a panel. */
const FITS = 10;

/**
 * The class that cuts `text` with an ellipsis when it may not fit (`'clip'`), or none. Short
 * values never overflow, and every clipped span is a clip of its own in the browser's paint: a
 * tree of hundreds of them made each frame that changed the inspector or the step detail slower.
 */
export const clipClass = (text: string): string => (text.length > FITS ? ' clip' : '');
