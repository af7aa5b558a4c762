/** The live stream's fixed settings (docs/live-stream.md, docs/security.md "Live stream"). */
export interface StreamSettings {
  /** How long a stream ticket may be redeemed, once. */
  ticketSeconds: number;
  /** How long events are kept for a reconnecting page's `Last-Event-ID`. */
  retentionSeconds: number;
  /** A comment line this often keeps proxies from closing an idle stream (real time, not the clock). */
  heartbeatMs: number;
  /** The `retry:` the browser waits before reconnecting by itself. */
  retryMs: number;
  /** Bytes queued for a client that reads too slowly before it is dropped: never buffered without bound. */
  maxQueuedBytes: number;
  /** Events replayed at most on one reconnection; beyond that the page reloads its state. */
  maxReplayed: number;
}

export const STREAM_SETTINGS: StreamSettings = {
  ticketSeconds: 30,
  retentionSeconds: 300,
  heartbeatMs: 25_000,
  retryMs: 3_000,
  maxQueuedBytes: 256 * 1024,
  maxReplayed: 1_000,
};

/** The settings a server runs with; only tests that build the services themselves change some. */
export const streamSettingsOf = (services: { streamSettings?: Partial<StreamSettings> }): StreamSettings => ({
  ...STREAM_SETTINGS,
  ...services.streamSettings,
});
