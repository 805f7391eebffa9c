// boardgame.io 0.50.2 has no exports map, so its CommonJS entry points are imported by path;
// their types live elsewhere in the package and are not needed at this boundary.
declare module 'boardgame.io/dist/cjs/internal.js' {
  export const InitializeGame: (opts: { game: any; numPlayers?: number; setupData?: unknown }) => any;
  export const CreateGameReducer: (opts: { game: any; isClient?: boolean }) => (state: any, action: any) => any;
  export const ProcessGameConfig: (game: any) => any;
}
declare module 'boardgame.io/dist/cjs/core.js' {
  export const INVALID_MOVE: 'INVALID_MOVE';
  export const ActivePlayers: Record<string, unknown>;
  export const TurnOrder: Record<string, any>;
  export const Stage: { NULL: null };
  export const GameMethod: Record<string, string>;
  export const PlayerView: Record<string, unknown>;
}
