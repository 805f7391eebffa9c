import { describeAction, describeCall, type StepRecord } from '../../engine';

function slots(record: StepRecord): string {
  const ap = record.ctx.activePlayers;
  if (!ap) return '-';
  const entries = Object.entries(ap);
  return entries.length ? entries.map(([p, s]) => `${p}:${s ?? 'active'}`).join(' ') : '{}';
}

const pad = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s.padEnd(n));
// Numbers are never cut: step 100000 stays 100000 even if it pushes the row right.
const padNumber = (n: number, width: number) => String(n).padEnd(width);

/** A readable table of steps, with what happened inside each one indented below it. */
const SHOWN_ABOVE = new Set(['threw', 'event-rejected', 'event-dropped', 'event-warning']);

export function formatTable(records: readonly StepRecord[]): string {
  const lines = [
    `${pad('step', 5)} ${pad('who', 4)} ${pad('action', 34)} ${pad('result', 8)} ${pad('phase', 12)} ${pad('turn', 5)} ${pad('cur', 4)} active`,
  ];
  for (const r of records) {
    const who = r.action && 'playerID' in r.action ? r.action.playerID : '';
    const result = r.ok ? 'ok' : 'REJECTED';
    const over = r.ctx.gameover !== undefined ? `  GAME OVER ${JSON.stringify(r.ctx.gameover)}` : '';
    lines.push(
      `${padNumber(r.index, 5)} ${pad(who, 4)} ${pad(describeAction(r.action), 34)} ${pad(result, 8)} ${pad(r.ctx.phase ?? '(none)', 12)} ${padNumber(r.ctx.turn, 5)} ${pad(r.ctx.currentPlayer, 4)} ${slots(r)}${over}`,
    );
    if (r.error) lines.push(`      ! ${r.error.type}: ${r.error.message.split('\n')[0]}`);
    for (const e of r.trace.entries) {
      if (e.kind === 'trigger' && !e.returned && !e.events.length && !e.threw) continue;
      const ret = e.threw ? ` threw ${e.threw}` : e.returned !== undefined ? ` → ${JSON.stringify(e.returned)}` : '';
      lines.push(`      ${e.fn}${ret}`);
      for (const ev of e.events) {
        const why = ev.reason ?? (ev.warning === undefined ? undefined : `but ${ev.warning}`);
        lines.push(`        ${describeCall(ev.name, ev.args)}: ${ev.outcome}${why ? ` (${why.split('\n')[0]})` : ''}`);
      }
    }
    for (const t of r.trace.transitions) {
      const what =
        t.type === 'stage'
          ? `player ${t.player}: ${t.from === undefined ? '-' : (t.from ?? 'active')} → ${t.to === undefined ? '-' : (t.to ?? 'active')}`
          : `${t.type} ${t.type.startsWith('turn') ? `(player ${t.player})` : (t.phase ?? '(no phase)')}`;
      lines.push(`      » ${what}${t.rolledBack ? ' [rolled back]' : ''}: ${t.cause}`);
    }
    for (const line of r.trace.logs) if (line.source === 'flowscope') lines.push(`      note: ${line.text}`);
    // Events and throws show on their own lines above.
    // The same diagnostic many times in a step (a loop boardgame.io's guard stopped) is one line with its count.
    const counted = new Map<string, number>();
    for (const d of r.diagnostics) {
      if (SHOWN_ABOVE.has(d.code)) continue;
      const line = `${d.severity}: ${d.code}: ${d.message.split('\n')[0]}`;
      counted.set(line, (counted.get(line) ?? 0) + 1);
    }
    for (const [line, times] of counted) lines.push(`      ${line}${times > 1 ? ` (×${times})` : ''}`);
  }
  return lines.join('\n');
}
