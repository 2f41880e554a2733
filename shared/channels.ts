/** IPC channel names; the web transport carries the same envelopes as WebSocket frames. */
export const IPC_CALL = 'reelbox:call'
export const IPC_EVENT = 'reelbox:event'
