// A helper file with a lodash-style shuffle written on Math.random (Fisher-Yates).
export function shuffle(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const newDeck = () => shuffle(Array.from({ length: 20 }, (_, i) => i));
