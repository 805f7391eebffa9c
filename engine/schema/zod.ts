// Every schema imports zod from here, so this runs before the first schema is built.
import { z } from 'zod';

// No compiled fast path: it probes `new Function`, which the UI's Content Security Policy forbids
// (and reports as a violation even though zod catches the failure).
z.config({ jitless: true });

export { z };
