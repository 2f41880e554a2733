/** How the e2e tests start Debian's Chromium (chromium-server.ts, and browser.ts should the run's one be gone). */

/** Debian's Chromium; its path can be overridden for other machines. */
export const chromiumPath = process.env['REELBOX_CHROMIUM'] ?? '/usr/bin/chromium'

// Flags measured on our machines: without the background-networking ones Chromium keeps dialing
// out on a closed network.
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
]
