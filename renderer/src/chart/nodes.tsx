/**
 * The chart's node components. Their content is static (from the layout); what a step changes
 * (active, dimmed, taken turn badge) comes from the highlight context.
 */
import { memo, useContext, useLayoutEffect, useRef } from 'react';
import { Handle, Position, type NodeProps } from 'reactflow';
import type { ChartEdge } from '../../../engine/host/protocol';
import type { ChartNodeData, TokenData } from './flow-elements';
import { FoldContext } from './fold-context';
import { laneHeight, LANE_LABEL, phaseLabel, TURN_PAD, WELL_PAD, type Block, type Item, type Well } from './geometry';
import { useHighlight } from './highlight-context';
import type { LaidNode } from './layout-types';
import type { ChartHighlight } from './chart-state';

const GAMEOVER = 'gameover';

/** Invisible handles: edges are drawn from the layout's routes, React Flow only needs an anchor. */
function Anchors() {
  return (
    <>
      <Handle className="fs-handle" type="target" position={Position.Left} isConnectable={false} />
      <Handle className="fs-handle" type="source" position={Position.Right} isConnectable={false} />
    </>
  );
}

function ItemView({ item, testid, taken }: { item: Item; testid?: string; taken?: boolean }) {
  const attrs = testid ? { 'data-testid': testid, 'data-taken': String(!!taken) } : {};
  return (
    <span className={`fs-item fs-${item.kind} fs-font-${item.role}${taken ? ' taken' : ''}`} title={item.title} {...attrs}>
      {item.text}
    </span>
  );
}

function Flow({ block, turnEdge, turnTaken }: { block: Block; turnEdge?: ChartEdge; turnTaken?: boolean }) {
  return (
    <div className="fs-flow" style={{ width: block.width, height: block.height }}>
      {block.items.map((item, i) =>
        item.kind === 'order' && turnEdge ? (
          <ItemView key={i} item={item} testid={`edge-${turnEdge.id}`} taken={turnTaken} />
        ) : (
          <ItemView key={i} item={item} />
        ),
      )}
    </div>
  );
}

type Laid<T extends LaidNode['type']> = Extract<LaidNode, { type: T }>;
const nodeOf = <T extends LaidNode['type']>(props: NodeProps<ChartNodeData>) => props.data.node as Laid<T>;

/** Active when the step is in this phase; dimmed when the step is in another one (or the game is over). */
function usePhaseState(key: string): { active: boolean; dim: boolean } {
  const active = useHighlight((h) => h.phase === key);
  const dim = useHighlight((h) => h.phase !== null && h.phase !== key);
  return { active, dim };
}

/** Whether a token of phase `key` is in `slot` (a lane of its turn). */
const holds = (h: ChartHighlight, key: string, slot: string) => {
  for (const s of h.slots.values()) if (s.phase === key && s.slot === slot) return true;
  return false;
};

export const PhaseNode = memo(function PhaseNode(props: NodeProps<ChartNodeData>) {
  const n = nodeOf<'phase'>(props);
  const { active, dim } = usePhaseState(n.phase.key);
  const cls = [
    'fs-node',
    'fs-phase',
    active && 'active',
    dim && 'dim',
    !n.phase.declared && 'undeclared',
    n.phase.key === '__nophase__' && 'nophase',
  ]
    .filter(Boolean)
    .join(' ');
  const folds = useContext(FoldContext);
  const name = phaseLabel(n.phase);
  return (
    <div
      className={`${cls}${n.collapsed ? ' collapsed' : ''}`}
      data-testid={`phase-${n.phase.key}`}
      data-active={String(active)}
      data-collapsed={String(n.collapsed)}
    >
      <Anchors />
      <div className="fs-phase-header" style={{ height: n.box.header }}>
        <Flow block={n.box.block} />
      </div>
      {n.collapsed ? (
        <button
          type="button"
          className="fs-fold-open nodrag"
          aria-label={`show phase ${name}: its turn and stages`}
          title={`${name}: click to show its turn and stages`}
          onClick={() => folds.toggle(n.phase.key)}
        />
      ) : (
        !active &&
        folds.expanded.has(n.phase.key) && (
          <button
            type="button"
            className="fs-fold-close nodrag"
            aria-label={`fold phase ${name}`}
            title={`fold ${name} to its title`}
            onClick={() => folds.toggle(n.phase.key)}
          >
            ▾
          </button>
        )
      )}
    </div>
  );
});

function Lane({ name, well, occupied }: { name: string; well: Well; occupied: boolean }) {
  return (
    <div
      className={`fs-lane fs-lane-${name}${occupied ? ' occupied' : ''}`}
      style={{ top: well.y - WELL_PAD, left: TURN_PAD, height: laneHeight(well), right: TURN_PAD }}
    >
      <span className="fs-lane-label" style={{ width: LANE_LABEL }}>
        {name}
      </span>
    </div>
  );
}

export const TurnNode = memo(function TurnNode(props: NodeProps<ChartNodeData>) {
  const n = nodeOf<'turn'>(props);
  const key = n.phase.key;
  const { active, dim } = usePhaseState(key);
  const turnEdge = n.turnEdge;
  const activeOccupied = useHighlight((h) => holds(h, key, 'active'));
  const waitingOccupied = useHighlight((h) => holds(h, key, 'waiting'));
  const turnTaken = useHighlight((h) => !!turnEdge && h.taken.has(turnEdge.id));
  const cls = ['fs-node', 'fs-turn', active && 'active', dim && 'dim'].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid={`turn-${key}`} data-active={String(active)}>
      <div className="fs-turn-header">
        <Flow block={n.box.block} turnEdge={turnEdge} turnTaken={turnTaken} />
      </div>
      <Lane name="active" well={n.box.lanes.active} occupied={active && activeOccupied} />
      <Lane name="waiting" well={n.box.lanes.waiting} occupied={active && waitingOccupied} />
    </div>
  );
});

export const StageNode = memo(function StageNode(props: NodeProps<ChartNodeData>) {
  const n = nodeOf<'stage'>(props);
  const { dim } = usePhaseState(n.phase.key);
  const active = useHighlight((h) => h.stages.has(`${n.phase.key}/${n.stage.name}`));
  const cls = [
    'fs-node',
    'fs-stage',
    active && 'active',
    dim && 'dim',
    !n.stage.declared && 'undeclared',
    n.stage.moves === null && 'no-moves',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cls} data-testid={`stage-${n.phase.key}-${n.stage.name}`} data-active={String(active)}>
      <Anchors />
      <div className="fs-stage-body">
        <Flow block={n.box.block} />
      </div>
      <div
        className="fs-well"
        style={{
          top: n.box.well.y - WELL_PAD,
          left: n.box.well.x - WELL_PAD,
          width: n.box.well.width + 2 * WELL_PAD,
          height: n.box.well.height + 2 * WELL_PAD,
        }}
      />
    </div>
  );
});

export const GameoverNode = memo(function GameoverNode(props: NodeProps<ChartNodeData>) {
  const n = nodeOf<'gameover'>(props);
  const active = useHighlight((h) => h.phase === GAMEOVER);
  return (
    <div className={`fs-node fs-gameover${active ? ' active' : ''}`} data-testid="phase-gameover" data-active={String(active)}>
      <Anchors />
      <div className="fs-stage-body">
        <Flow block={n.box.block} />
      </div>
      <div
        className="fs-well"
        style={{
          top: n.box.well.y - WELL_PAD,
          left: n.box.well.x - WELL_PAD,
          width: n.box.well.width + 2 * WELL_PAD,
          height: n.box.well.height + 2 * WELL_PAD,
        }}
      />
    </div>
  );
});

export const StartNode = memo(function StartNode() {
  return (
    <div className="fs-start" title="start">
      <Anchors />
    </div>
  );
});

/**
 * A token arriving in a slot pops as it glides there. The pop scales the node itself (already a
 * compositor layer, see chart.css): an animation on an element inside it would add a layer for
 * the animation's length and make the browser re-sort the chart's layers and repaint the chart.
 */
const POP: Keyframe[] = [{ scale: '0.55' }, { scale: '1.18', offset: 0.6 }, { scale: '1' }];
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export const TokenNode = memo(function TokenNode({ data }: NodeProps<TokenData>) {
  // The same element moves from slot to slot (remounting it to replay a CSS animation would
  // rebuild the node and repaint around it on every step).
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!reducedMotion()) ref.current?.closest<HTMLElement>('.react-flow__node')?.animate?.(POP, { duration: 450, easing: 'ease-out' });
  }, [data.slot]);
  return (
    <div
      ref={ref}
      className={`fs-token player-${data.player}${data.current ? ' current' : ''}`}
      data-testid={`token-${data.player}`}
      data-slot={data.slot}
      title={`player ${data.player}: ${data.slot}${data.current ? ' (current player)' : ''}`}
    >
      {data.player}
    </div>
  );
});

export const nodeTypes = { phase: PhaseNode, turn: TurnNode, stage: StageNode, gameover: GameoverNode, start: StartNode, token: TokenNode };
