// happy-dom has no requestIdleCallback; Chromium, the page's only browser, does. Here the page is
// idle as soon as the current task ends.
globalThis.requestIdleCallback ??= (run) => setTimeout(() => run({ didTimeout: false, timeRemaining: () => 50 }), 0) as unknown as number
