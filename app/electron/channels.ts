// IPC channel names, shared by the main process and the preload (which must stay dependency-free).
export const REQUEST_CHANNEL = 'flowscope:request';
export const EVENT_CHANNEL = 'flowscope:event';
export const COMMAND_CHANNEL = 'flowscope:command';
