import { clipClass } from '../components/clip';
import { createContext, memo, useContext, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { DiffEntry } from '../../../engine/host/protocol';
import {
  childCount,
  childEntries,
  childPath,
  defaultOpen,
  formatLeaf,
  indexChanges,
  isContainer,
  leafKind,
  preview,
  share,
  visibleSlots,
  type ChangeIndex,
  type Key,
  type RemovedEntry,
} from './tree';

/** Children rendered per "show more" page of a large array or object. */
const PAGE = 100;
const INDENT = 14;

/** What every node needs and what rarely changes (the changes travel as props, so memo works). */
interface TreeContextValue {
  /** Open/closed choices the user made, by path; they outlive steps and collapsed parents. */
  remembered: Map<string, boolean>;
  /** Hides some keys of the root object (ctx's underscore fields). */
  hideRootKey?: (key: string) => boolean;
}

const TreeContext = createContext<TreeContextValue>({ remembered: new Map() });

export interface JsonTreeProps {
  /** The root's name, also the first part of every `data-path` (`G`, `ctx`). */
  root: string;
  value: unknown;
  /** This step's changes under the root (paths relative to it). */
  diff: readonly DiffEntry[];
  testId: string;
  hideRootKey?: (key: string) => boolean;
}

/**
 * A lazily rendered JSON tree: a node's children exist in the DOM only while it is open, and long
 * arrays or objects render a page at a time. Changed paths are highlighted and open by themselves;
 * removed ones stay, struck through, at the end of the container that held them (so the tree
 * never moves from step to step for a note of its own).
 */
export const JsonTree = memo(function JsonTree({ root, value, diff, testId, hideRootKey }: JsonTreeProps) {
  const changes = useMemo(() => indexChanges(root, diff), [root, diff]);
  const remembered = useRef(new Map<string, boolean>()).current;
  const context = useMemo(() => ({ remembered, hideRootKey }), [remembered, hideRootKey]);
  // Reuse the previous step's objects for unchanged subtrees, so their rows skip rendering.
  const previous = useRef<unknown>(undefined);
  const shared = useMemo(() => share(previous.current, value), [value]);
  previous.current = shared;
  return (
    <div className="jt" data-testid={testId} role="tree" aria-label={`${root} tree`}>
      {changes.truncated && <div className="jt-note">Only the first {diff.length} changes of this step are marked.</div>}
      <TreeContext.Provider value={context}>
        <TreeNode name={root} path={root} value={shared} depth={0} changes={changes} />
      </TreeContext.Provider>
    </div>
  );
});

interface NodeProps {
  name: Key;
  path: string;
  value: unknown;
  depth: number;
  /** This step's changes, or null when neither this node nor anything below it changed. */
  changes: ChangeIndex | null;
}

const TreeNode = memo(function TreeNode({ name, path, value, depth, changes }: NodeProps) {
  const { remembered } = useContext(TreeContext);
  const [choice, setChoice] = useState<boolean | undefined>(() => remembered.get(path));
  const count = childCount(value);
  /** Empty arrays and objects show as `[]` / `{}` leaves, unless emptied in this step. */
  const container = isContainer(value) && (count > 0 || !!changes?.removed.has(path));
  const open = container && (choice ?? defaultOpen(path, depth, value, changes));
  const change = changes?.changed.get(path);
  const inside = !change && changes?.inside.has(path);
  const toggle = () => {
    if (!container) return;
    remembered.set(path, !open);
    setChoice(!open);
  };
  const style: CSSProperties = { paddingLeft: 4 + depth * INDENT };
  const className = ['jt-row', change ? `jt-${change.kind}` : '', inside ? 'jt-has-inside' : '', depth === 0 ? 'jt-root' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div
        className={className}
        style={style}
        data-path={path}
        data-changed={change ? 'true' : undefined}
        role="treeitem"
        aria-expanded={container ? open : undefined}
        aria-selected={false}
        onClick={container ? toggle : undefined}
      >
        {container ? (
          <button
            className="jt-caret"
            aria-label={open ? `collapse ${path}` : `expand ${path}`}
            onClick={(e) => {
              e.stopPropagation();
              toggle();
            }}
          >
            <svg width="9" height="9" viewBox="0 0 10 10" aria-hidden="true" style={{ transform: open ? 'rotate(90deg)' : undefined }}>
              <path d="M3 1.5 7.5 5 3 8.5z" fill="currentColor" />
            </svg>
          </button>
        ) : (
          <span className="jt-caret-space" />
        )}
        <span className={typeof name === 'number' ? 'jt-key jt-index' : 'jt-key'}>{name}</span>
        {depth > 0 && <span className="jt-colon">:</span>}
        {container ? (
          open ? (
            <span className="jt-meta">{Array.isArray(value) ? `[${count}]` : `{${count}}`}</span>
          ) : (
            <span className="jt-preview" title={preview(value, 400)}>
              {preview(value)}
              {Array.isArray(value) && <span className="jt-meta"> {count}</span>}
            </span>
          )
        ) : (
          <Leaf value={value} />
        )}
        {change && <ChangeMark entry={change} />}
        {inside && (
          <span className="jt-inside" title="something inside changed in this step">
            <span className="jt-ring" />
            {!open && <span className="jt-inside-text">{insideText(path, changes!)}</span>}
          </span>
        )}
      </div>
      {open && <Children value={value} path={path} depth={depth} changes={changes?.inside.has(path) ? changes : null} />}
    </>
  );
});

/** What a closed row says changed below it: removals by count, since no row of theirs shows. */
function insideText(path: string, changes: ChangeIndex): string {
  const removed = changes.removed.get(path)?.length ?? 0;
  if (!changes.expand.has(path)) return removed ? `${removed} removed` : 'removed inside';
  return removed ? `changed inside, ${removed} removed` : 'changed inside';
}

function Leaf({ value }: { value: unknown }) {
  const text = formatLeaf(value);
  return (
    <span
      className={`jt-leaf jt-${leafKind(value)}${clipClass(text)}`}
      title={typeof value === 'string' && value.length > 60 ? value : undefined}
    >
      {text}
    </span>
  );
}

function ChangeMark({ entry }: { entry: DiffEntry }) {
  const title = entry.kind === 'added' ? 'added in this step' : `changed in this step; was ${formatLeaf(entry.before, 2000)}`;
  return (
    <span className="jt-mark" title={title}>
      <span className="jt-dot" />
      {entry.kind === 'added' ? (
        <span className="jt-was">new</span>
      ) : (
        <span className="jt-was">was {isContainer(entry.before) ? preview(entry.before, 24) : formatLeaf(entry.before, 24)}</span>
      )}
    </span>
  );
}

function Children({ value, path, depth, changes }: { value: unknown; path: string; depth: number; changes: ChangeIndex | null }) {
  const { hideRootKey } = useContext(TreeContext);
  const entries = useMemo(() => childEntries(value, depth === 0 ? hideRootKey : undefined), [value, depth, hideRootKey]);
  const [page, setPage] = useState(PAGE);
  const slots = visibleSlots(entries, path, changes, page);
  const pad = { paddingLeft: 4 + (depth + 1) * INDENT + 18 };
  return (
    <div role="group">
      {slots.map((slot) => {
        if (slot.kind === 'entry') {
          const [key, child] = entries[slot.index];
          const p = childPath(path, key);
          // Only rows that changed or hold a change see this step's index: the others stay memoised.
          const relevant = changes && (changes.changed.has(p) || changes.inside.has(p)) ? changes : null;
          return (
            <TreeNode
              key={typeof key === 'number' ? key : `k:${key}`}
              name={key}
              path={p}
              value={child}
              depth={depth + 1}
              changes={relevant}
            />
          );
        }
        const hidden = slot.to - slot.from;
        const range = Array.isArray(value) ? `[${slot.from}…${slot.to - 1}]` : `${hidden} keys`;
        return (
          <div key={`gap:${slot.from}`} className="jt-row jt-more-row" style={pad}>
            <span>
              {hidden} hidden {Array.isArray(value) ? range : ''}
            </span>
            {/* Paging only grows the leading run; the gap after it is the one that shrinks. */}
            {slot.from === Math.min(page, entries.length) && (
              <button className="jt-link" onClick={() => setPage(page + PAGE)}>
                show {Math.min(PAGE, hidden)} more
              </button>
            )}
            {(slot.from !== Math.min(page, entries.length) || hidden > PAGE) && (
              <button className="jt-link" onClick={() => setPage(entries.length)}>
                show all {entries.length}
              </button>
            )}
          </div>
        );
      })}
      {changes?.removed.get(path)?.map((r) => (
        <RemovedRow key={`removed:${r.key}`} entry={r} depth={depth + 1} />
      ))}
      {entries.length === 0 && !changes?.removed.has(path) && (
        <div className="jt-row jt-empty" style={pad}>
          nothing shown
        </div>
      )}
    </div>
  );
}

/** An entry this step removed, where it was: its key and old value struck through. */
function RemovedRow({ entry, depth }: { entry: RemovedEntry; depth: number }) {
  const before = isContainer(entry.before) ? preview(entry.before) : formatLeaf(entry.before, 48);
  return (
    <div
      className="jt-row jt-removed-row"
      style={{ paddingLeft: 4 + depth * INDENT }}
      data-path={entry.path}
      data-removed="true"
      role="treeitem"
      aria-selected={false}
      title={`removed in this step; was ${formatLeaf(entry.before, 2000)}`}
    >
      <span className="jt-caret-space" />
      <span className={typeof entry.key === 'number' ? 'jt-key jt-index' : 'jt-key'}>{entry.key}</span>
      <span className="jt-colon">:</span>
      <span className="jt-gone">{before}</span>
      <span className="jt-mark">
        <span className="jt-dot" />
        <span className="jt-was">removed</span>
      </span>
    </div>
  );
}
