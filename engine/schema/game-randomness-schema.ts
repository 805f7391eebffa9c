import type { GameRandomness } from '../session/entropy';
import { expected } from './issues';
import { z } from './zod';

/** `seeded` or `real` (see engine/session/entropy.ts): in replays, open requests and session views. */
export const gameRandomnessSchema = z.enum(['seeded', 'real'] satisfies GameRandomness[], expected('"seeded" or "real"'));
