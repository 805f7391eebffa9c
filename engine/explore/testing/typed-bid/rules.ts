// The contract of the typed test games, declared in a module of its own as real games do: what a
// client may bid, as an enum, a union of literals and an `as const` list.
export enum Suit {
  Hearts = 'H',
  Spades = 'S',
  Clubs = 'C',
  Diamonds = 'D',
}

export type Points = 80 | 90 | 100;

export const VALID_POINTS: readonly number[] = [80, 90, 100];

export const CONTRACTS = ['normal', 'doubled'] as const;

export type Contract = (typeof CONTRACTS)[number];
