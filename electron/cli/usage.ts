/**
 * What `reelbox` says about itself. Kept apart from the commands so that `reelbox --version`
 * and `reelbox help` load nothing else.
 */
import { version as packageVersion } from '../../package.json'

export const version = (): string => packageVersion

export const submitHelp = `reelbox submit --model ID --mode t2v|i2v|first-last|reference --prompt TEXT
    [--image PATH|URL] [--first PATH|URL --last PATH|URL] [--ref PATH|URL ...]
    [--duration N] [--resolution R] [--seed N] [--audio] [--variations N] [--max-cost AMOUNT] [--wait] [--json]
    --model twice or more (up to 4): the same draft on each model, as one batch;
    --max-cost: refused, nothing sent, when the estimate is above AMOUNT or unknown`

export const storyboardHelp = `reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]
    Makes every shot of FILE (NAME.storyboard.json) not yet made with its current settings and
    records each take in NAME.takes.json beside it. A shot that continues starts from the last
    frame of the take before it. Without --wait it sends what it can and ends once the service
    has it (run it again to go on); --wait (implied by --out) makes every shot; --out joins the
    takes in order into one MP4 without re-encoding.`

export const usage = `reelbox ${packageVersion}: make videos with the unified video service, headless.

  reelbox sandbox [--port N]                 run the local Sandbox service
  reelbox models [--json]                    list the catalogue's models
  ${submitHelp.replace(/\n/g, '\n  ')}
  reelbox budget [--daily AMOUNT] [--monthly AMOUNT] [--clear] [--json]
                                             this machine's budget for the active connection
  reelbox spend [--since YYYY-MM-DD] [--json]
                                             what the service accepted, at the price when sent
  reelbox status TASK_ID [--json]            ask the service about one task
  reelbox jobs [--json]                      list jobs in the journal
  reelbox resume [--base-url URL]            finish unfinished jobs (those sent with --base-url need it again)
  reelbox library ls|show|rm [--json]        the local library
  reelbox library inspect FILE [--json]      the settings a video carries inside it
  reelbox library import FILE                bring a video into the library (its settings rebuild the sidecar)
  reelbox library join ID ID ... --out FILE  join library items into one MP4, without re-encoding
  reelbox storyboard run FILE [--wait] [--out FILM.mp4] [--json]
                                             make a storyboard's shots not yet made, in order; --out joins the takes
  reelbox profile test --profile FILE|--pack FILE [--answer FILE] [--kind submit|query|error]
                                             what Reelbox reads from one answer (or a pack's samples)

Global: --base-url URL  --profile FILE (service profile JSON)  --catalog FILE  --library DIR
        --pack FILE (a *.reelbox-pack.json: profile, catalogue and address in one, in place of both)
Key: REELBOX_API_KEY, else the keychain entry of the active connection.
Exit codes: 0 ok, 1 failed, 2 usage, refused parameter or jobs left for another --base-url,
            3 key, 4 unreachable or rate limited, 5 unreadable answer, 6 not found, 130 interrupted.
Only submit --wait, storyboard run and resume work jobs; every other command only reads (see the README).`
