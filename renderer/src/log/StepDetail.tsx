import { groupRepeats } from '../components/group-repeats';
import { RichText } from '../components/RichText';
import { BreakAtTokens } from '../components/BreakAtTokens';
import { Fragment, memo, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { clipClass } from '../components/clip';
import { DetailFrame, PendingNote } from '../components/DetailFrame';
import type {
  Diagnostic,
  DiffEntry,
  LogLine,
  StepDetail as Detail,
  StepSummary,
  TraceEntry,
  Transition,
} from '../../../engine/host/protocol';
import { useApp } from '../state/store';
import { actionLabel, actorOf, compactJson, diffLines, formatArgs, playerClass, slotLabel, splitLeaf, transitionGlyph } from './model';

const NO_PLAYERS: readonly string[] = [];
/** Longer lists show this many items and a button for the rest. */
const LIST_LIMIT = 200;

type SectionId = 'trace' | 'transitions' | 'logs' | 'diagnostics' | 'ctx' | 'G';

/** The user's open/closed choices, kept while stepping (unset = the section's default). */
type OpenState = Partial<Record<SectionId, boolean>>;

/**
 * The selected step, in full: why, what ran, what it called, what changed. It shows the step whose
 * detail is in (a frame after the chart's at the earliest), and says when the selected one is on its way.
 */
export function StepDetailPane() {
  const detail = useApp((s) => s.detail);
  const players = useApp((s) => s.view?.players ?? NO_PLAYERS);
  const [open, setOpen] = useState<OpenState>({});
  // Each step is read from its top: a new step's detail does not open where the last one was scrolled to.
  const pane = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (pane.current) pane.current.scrollTop = 0;
  }, [detail?.index]);
  return (
    <DetailFrame
      as="section"
      ref={pane}
      className="log-detail"
      data-testid="step-detail"
      aria-label="selected step"
      data-index={detail?.index}
    >
      {detail ? (
        <DetailHead step={detail} players={players} />
      ) : (
        <div className="detail-head">
          <PendingNote className="detail-loading" />
        </div>
      )}
      {detail && <DetailBody detail={detail} open={open} setOpen={setOpen} players={players} />}
    </DetailFrame>
  );
}

function DetailHead({ step, players }: { step: StepSummary; players: readonly string[] }) {
  const who = actorOf(step.action);
  const what = actionLabel(step.action, 400);
  return (
    <div className={`detail-head ${playerClass(who, players)}`}>
      <span className="detail-step">step {step.index}</span>
      {who !== null && <span className="log-who">P{who}</span>}
      <span className={`detail-what kind-${what.kind}`} title={what.text}>
        {what.kind === 'event' && <span className="detail-kind">event</span>}
        {what.text}
      </span>
      <span className={`log-badge ${step.ok ? 'ok' : 'rejected'}`}>{step.ok ? 'ok' : 'REJECTED'}</span>
      <PendingNote className="detail-loading" />
    </div>
  );
}

const DetailBody = memo(function DetailBody({
  detail,
  open,
  setOpen,
  players,
}: {
  detail: Detail;
  open: OpenState;
  setOpen: (update: (o: OpenState) => OpenState) => void;
  players: readonly string[];
}) {
  const { trace, diagnostics, diff } = detail;
  const defaults: Record<SectionId, boolean> = {
    trace: true,
    transitions: true,
    logs: trace.logs.length > 0,
    diagnostics: diagnostics.length > 0,
    ctx: true,
    G: true,
  };
  const section = (id: SectionId, title: string, count: number, body: () => ReactNode, tone?: string) => {
    const isOpen = count > 0 && (open[id] ?? defaults[id]);
    return (
      <Section
        key={id}
        id={id}
        title={title}
        count={count}
        open={isOpen}
        tone={tone}
        onToggle={() => setOpen((o) => ({ ...o, [id]: !isOpen }))}
      >
        {isOpen ? body() : null}
      </Section>
    );
  };
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <div className="detail-body">
      <p className="detail-explanation" data-testid="explanation">
        <BreakAtTokens text={detail.explanation} />
      </p>
      {!detail.ok && detail.error && (
        <div className="detail-error" role="alert">
          <span className="detail-error-type">{detail.error.type}</span>
          <span className="detail-error-message">{detail.error.message}</span>
        </div>
      )}
      {section('trace', 'trace', trace.entries.length, () => (
        <TraceList entries={trace.entries} transitions={trace.transitions} players={players} />
      ))}
      {section('transitions', 'transitions', trace.transitions.length, () => (
        <TransitionList transitions={trace.transitions} players={players} />
      ))}
      {section(
        'logs',
        'console',
        trace.logs.length,
        () => (
          <LogLines logs={trace.logs} />
        ),
        trace.logs.some((l) => l.level === 'error') ? 'error' : trace.logs.some((l) => l.level === 'warn') ? 'warning' : undefined,
      )}
      {section(
        'diagnostics',
        'diagnostics',
        diagnostics.length,
        () => (
          <Diagnostics list={diagnostics} />
        ),
        errors ? 'error' : diagnostics.length ? 'warning' : undefined,
      )}
      {section('ctx', 'ctx changes', diff.ctx.length, () => (
        <DiffList root="ctx" entries={diff.ctx} />
      ))}
      {section('G', 'G changes', diff.G.length, () => (
        <DiffList root="G" entries={diff.G} />
      ))}
    </div>
  );
});

function Section({
  id,
  title,
  count,
  open,
  tone,
  onToggle,
  children,
}: {
  id: SectionId;
  title: string;
  count: number;
  open: boolean;
  tone?: string;
  onToggle(): void;
  children: ReactNode;
}) {
  const empty = count === 0;
  return (
    <div className={`detail-section${empty ? ' empty' : ''}${tone ? ` tone-${tone}` : ''}`} data-section={id}>
      <button type="button" className="detail-section-title" aria-expanded={open} disabled={empty} onClick={onToggle}>
        <span className="chevron" aria-hidden="true">
          {empty ? '·' : open ? '▾' : '▸'}
        </span>
        {title}
        <span className="detail-count">{count}</span>
      </button>
      {open && <div className="detail-section-body">{children}</div>}
    </div>
  );
}

/** Shows `items` up to LIST_LIMIT, with a button for the rest. */
function useLimited<T>(items: readonly T[]): [readonly T[], ReactNode] {
  // "Show all" holds for the list it was chosen on (another step's list starts limited again).
  const [all, setAll] = useState<readonly T[] | null>(null);
  if (all === items || items.length <= LIST_LIMIT) return [items, null];
  return [
    items.slice(0, LIST_LIMIT),
    <button type="button" className="link show-all" onClick={() => setAll(items)}>
      show all {items.length}
    </button>,
  ];
}

function TraceList({ entries, transitions, players }: { entries: TraceEntry[]; transitions: Transition[]; players: readonly string[] }) {
  const [shown, more] = useLimited(entries);
  const at = (k: number) => transitions.filter((t) => t.at === k);
  return (
    <>
      <ol className="trace">
        {shown.map((entry, k) => (
          <Fragment key={k}>
            {at(k).map((t, j) => (
              <TraceTransition key={`t${j}`} t={t} />
            ))}
            <TraceItem entry={entry} n={k + 1} players={players} />
          </Fragment>
        ))}
        {shown.length === entries.length &&
          transitions.filter((t) => t.at >= entries.length).map((t, j) => <TraceTransition key={`end${j}`} t={t} />)}
      </ol>
      {more}
    </>
  );
}

function TraceTransition({ t }: { t: Transition }) {
  return (
    <li
      className={`trace-transition type-${t.type}${t.rolledBack ? ' rolled-back' : ''}`}
      data-testid="trace-transition"
      aria-hidden="true"
    >
      <span className="glyph">{transitionGlyph(t.type)}</span> {transitionHeadline(t)}
    </li>
  );
}

function Returned({ value }: { value: unknown }) {
  const text = compactJson(value, 80);
  return (
    <span className={`trace-returned${clipClass(text)}`} title={compactJson(value, 4000)}>
      → {text}
    </span>
  );
}

function TraceItem({ entry, n, players }: { entry: TraceEntry; n: number; players: readonly string[] }) {
  // hooks and triggers that did nothing (no events, returned nothing or false) are dimmed
  const quiet =
    entry.kind !== 'move' &&
    entry.kind !== 'setup' &&
    entry.events.length === 0 &&
    entry.threw === undefined &&
    (entry.returned === undefined || entry.returned === false);
  return (
    <li
      className={`trace-entry${quiet ? ' quiet' : ''}${entry.threw !== undefined ? ' threw' : ''}`}
      data-testid="trace-entry"
      data-fn={entry.fn}
    >
      <div className="trace-line">
        <span className="trace-n">{n}</span>
        <span className="trace-fn" title={entry.fn}>
          {entry.fn}
        </span>
        <span className={`kind-badge kind-${entry.kind}`}>{entry.kind}</span>
        {entry.playerID !== undefined && <span className={`log-who small ${playerClass(entry.playerID, players)}`}>P{entry.playerID}</span>}
        {entry.threw === undefined && entry.returned !== undefined && <Returned value={entry.returned} />}
      </div>
      {entry.threw !== undefined && <div className="trace-threw">threw {entry.threw}</div>}
      {entry.events.length > 0 && (
        <ul className="trace-events">
          {entry.events.map((ev, j) => (
            <li key={j} className="trace-event">
              <span className={`outcome outcome-${ev.outcome}`} data-testid="event-outcome" data-outcome={ev.outcome} data-event={ev.name}>
                {ev.outcome}
              </span>
              <code className="event-call" title={`${ev.name}(${formatArgs(ev.args, 4000)})`}>
                <BreakAtTokens text={`${ev.name}(${formatArgs(ev.args, 120)})`} />
              </code>
              {ev.reason && <span className="event-reason">{ev.reason}</span>}
              {ev.warning && <span className="event-reason event-warning">warning: {ev.warning}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function transitionHeadline(t: Transition): string {
  const who = t.player !== undefined ? `player ${t.player}` : '';
  switch (t.type) {
    case 'turn-begin':
      return `turn ${t.turn} began${who ? ` · ${who}` : ''}`;
    case 'turn-end':
      return `turn ${t.turn} ended${who ? ` · ${who}` : ''}`;
    case 'phase-begin':
      return `phase ${t.phase ?? '(none)'} began`;
    case 'phase-end':
      return `phase ${t.phase ?? '(none)'} ended`;
    case 'game-end':
      return 'game over';
    case 'stage':
      return `${who || 'a player'}: ${slotLabel(t.from)} → ${slotLabel(t.to)}`;
    default:
      return t.type;
  }
}

function TransitionList({ transitions, players }: { transitions: Transition[]; players: readonly string[] }) {
  const [shown, more] = useLimited(transitions);
  return (
    <>
      <ol className="transitions">
        {shown.map((t, k) => (
          <li
            key={k}
            className={`transition type-${t.type} ${playerClass(t.player, players)}${t.rolledBack ? ' rolled-back' : ''}`}
            data-testid="transition"
            data-type={t.type}
          >
            <div className="transition-line">
              <span className="glyph" aria-hidden="true">
                {transitionGlyph(t.type)}
              </span>
              <span className="transition-type">{t.type}</span>
              <span className="transition-what">{transitionHeadline(t)}</span>
              {t.automatic && <span className="tag automatic">automatic</span>}
              {t.rolledBack && <span className="tag rolled-back">rolled back</span>}
            </div>
            <div className="transition-cause">{t.cause}</div>
          </li>
        ))}
      </ol>
      {more}
    </>
  );
}

function LogLines({ logs }: { logs: LogLine[] }) {
  const [shown, more] = useLimited(logs);
  return (
    <>
      <ol className="console">
        {shown.map((l, k) => (
          <li key={k} className={`console-line level-${l.level}`}>
            <span className="console-level">{l.level}</span>
            <span className="console-text">{l.text}</span>
            <span className="console-source">{l.source}</span>
          </li>
        ))}
      </ol>
      {more}
    </>
  );
}

function Diagnostics({ list }: { list: Diagnostic[] }) {
  return (
    <ul className="diagnostics">
      {groupRepeats(list, (d) => `${d.severity}\u0000${d.code}\u0000${d.message}`).map(({ item: d, count }, k) => (
        <li key={k} className={`diagnostic severity-${d.severity}`} data-code={d.code} data-count={count}>
          <span className="diagnostic-severity">{d.severity}</span>
          <code className="diagnostic-code">{d.code}</code>
          {count > 1 && <span className="diag-count">×{count}</span>}
          <span className="diagnostic-message">
            <RichText text={d.message} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The path, cut in its head when the row is narrow (the leaf stays: "G.pen…dingAction" would hide what changed). */
function DiffPath({ path, full }: { path: string; full: string }) {
  const [head, leaf] = splitLeaf(path);
  return (
    <span className="diff-path" title={full}>
      {head && <span className="diff-path-head">{head}</span>}
      <span className="diff-path-leaf">{leaf}</span>
    </span>
  );
}

function DiffList({ root, entries }: { root: 'G' | 'ctx'; entries: DiffEntry[] }) {
  const [shown, more] = useLimited(entries);
  const lines = diffLines(root, shown);
  return (
    <>
      <ul className="diff">
        {lines.map((d, k) => (
          <li
            key={k}
            className={`diff-line diff-${d.kind}`}
            data-testid="diff-line"
            data-path={d.path}
            data-kind={d.kind}
            title={`${d.path}: ${d.full}`}
          >
            <span className="diff-sign" aria-hidden="true">
              {d.kind === 'added' ? '+' : d.kind === 'removed' ? '−' : d.kind === 'moved' ? '↕' : '~'}
            </span>
            <DiffPath path={d.shortPath} full={d.path} />
            {(d.kind === 'changed' || d.kind === 'moved') && (
              <>
                <span className={`diff-before${clipClass(d.before)}`}>{d.before}</span>
                <span className="diff-arrow">→</span>
                <span className={`diff-after${clipClass(d.after)}`}>{d.after}</span>
              </>
            )}
            {d.kind === 'added' && <span className={`diff-after${clipClass(d.after)}`}>{d.after}</span>}
            {d.kind === 'removed' && <span className={`diff-before${clipClass(d.before)}`}>{d.before}</span>}
          </li>
        ))}
      </ul>
      {more}
    </>
  );
}
