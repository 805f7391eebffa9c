import { Fragment } from 'react';
import { tokenBreaks } from './token-breaks';

/** Text that wraps only between tokens (see `tokenBreaks`), with CSS `overflow-wrap: break-word` for a token longer than a line. */
export function BreakAtTokens({ text }: { text: string }) {
  return (
    <>
      {tokenBreaks(text).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
