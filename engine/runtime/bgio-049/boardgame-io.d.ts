// boardgame.io 0.49 has no exports map, so its CommonJS entry points are imported by path
// (installed as the npm alias bgio-0.49); their own typings are not needed at this boundary.
declare module 'bgio-0.49/dist/cjs/internal.js' {
  export const InitializeGame: (opts: { game: any; numPlayers?: number; setupData?: unknown }) => any;
  export const CreateGameReducer: (opts: { game: any; isClient?: boolean }) => (state: any, action: any) => any;
  export const ProcessGameConfig: (game: any) => any;
}
declare module 'bgio-0.49/dist/cjs/core.js' {
  export const INVALID_MOVE: 'INVALID_MOVE';
  export const ActivePlayers: Record<string, any>;
  export const TurnOrder: Record<string, any>;
  export const Stage: { NULL: null };
  export const PlayerView: Record<string, unknown>;
  export const GameMethod: Record<string, string>;
}
declare module 'bgio-0.49/dist/cjs/plugins.js' {
  export const PluginPlayer: (opts?: any) => any;
}
