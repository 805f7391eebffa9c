import type { Breakpoint } from '../../../engine/host/protocol';

/** The same words the host uses when it pauses (`engine/session/breakpoints.ts`), for the list. */
export function describeBreakpoint(bp: Breakpoint): string {
  switch (bp.kind) {
    case 'phase':
      return `phase ${bp.phase} entered`;
    case 'turn':
      return 'a turn begins';
    case 'stage':
      return `a player enters stage ${bp.stage}`;
    case 'event-rejected':
      return 'an event is rejected';
    case 'event-dropped':
      return 'an event is dropped';
    case 'diagnostic':
      return bp.code ? `diagnostic ${bp.code}` : 'any diagnostic';
    case 'threw':
      return 'game code throws';
    case 'predicate':
      return `when ${bp.source}`;
  }
}
