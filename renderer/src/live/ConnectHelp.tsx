import { useState } from 'react';
import { attachOptionsText, enhancerSnippet, type AttachInfo } from '../../../engine/host/protocol';
import { copyText } from '../inspector/clipboard';

function CopyLine({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <li>
      <span className="live-connect-label">{label}</span>
      <code>{text}</code>
      <button
        className="link"
        aria-label={`copy: ${label}`}
        onClick={() =>
          void copyText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'copied' : 'copy'}
      </button>
    </li>
  );
}

/** How to make a game you run report to this Flowscope: the pairing token and the one line to add (README: Debug the game you already run). */
export function ConnectHelp({ attach, reason }: { attach: AttachInfo | null; reason?: string }) {
  if (!attach) return <p className="live-connect">{reason ?? 'Following games you run is off.'}</p>;
  return (
    <div className="live-connect" data-testid="attach-help">
      <p>
        Pairing token <code data-testid="attach-token">{attach.token}</code> at <code>{attach.url}</code>. Add one line to your game (
        <code>{"import { flowscope, flowscopeStorage } from 'flowscope/attach'"}</code>):
      </p>
      <ul>
        <CopyLine label="a Client" text={`enhancer: ${enhancerSnippet(attach)}`} />
        <CopyLine label="a Server" text={`db: flowscopeStorage(db, ${attachOptionsText(attach)})`} />
      </ul>
    </div>
  );
}
