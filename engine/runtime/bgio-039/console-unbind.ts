// Imported after boardgame.io 0.39 has loaded (see ../phases-era/late-console.ts).
import { unbindConsoleLate } from '../phases-era/late-console';

unbindConsoleLate();
