// A worker thread's entry: registers tsx in this thread, then runs the TypeScript entry named
// in workerData (workers do not inherit the main thread's module hooks).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
