// Imported before boardgame.io 0.39 so that it binds the console late (see ../phases-era/late-console.ts).
import { bindConsoleLate } from '../phases-era/late-console';

bindConsoleLate();
