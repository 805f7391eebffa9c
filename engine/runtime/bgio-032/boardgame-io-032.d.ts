// boardgame.io 0.32.1 ships UMD bundles without types; Flowscope imports them by path.
declare module 'bgio-0.32/dist/core.js' {
  export const Game: (spec: any) => any;
  export const InitializeGame: (opts: { game: any; numPlayers?: number; setupData?: unknown }) => any;
  export const CreateGameReducer: (opts: { game: any; multiplayer?: boolean }) => (state: any, action: any) => any;
  export const Flow: (opts: any) => any;
  export const FlowWithPhases: (opts: any) => any;
  export const TurnOrder: Record<string, any>;
  export const Pass: (G: any, ctx: any) => any;
  export const PlayerView: Record<string, (G: any, ctx: any, playerID: string) => any>;
  export const INVALID_MOVE: 'INVALID_MOVE';
}
declare module 'bgio-0.32/dist/ai.js' {
  export const AI: (opts: { bot?: unknown; enumerate?: unknown; visualize?: unknown }) => any;
  export const RandomBot: any;
  export const MCTSBot: any;
}
declare module 'bgio-0.32/dist/plugins.js' {
  export const PluginPlayer: any;
}
