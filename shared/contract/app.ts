import { z } from 'zod'
import { procedure } from './define'

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Where the engine runs: the Electron app, web mode in a browser, or the CLI. */
  shell: z.enum(['electron', 'web', 'cli']),
  platform: z.string(),
  arch: z.string(),
  runtime: z.string(),
  dataDir: z.string(),
  libraryDir: z.string(),
  startedAt: z.number(),
  /**
   * What the shell can do with a library file, so the page offers only that (web mode: none of
   * these; it downloads through the browser instead). `save`: Save as… and export to a folder.
   */
  powers: z.object({ reveal: z.boolean(), open: z.boolean(), save: z.boolean(), drag: z.boolean() }),
})
export type AppInfo = z.infer<typeof AppInfo>

/** A line of the engine's log as data: its code under `log.` in shared/locales and its parameters, worded by the page. */
export const LogNote = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) })
export type LogNote = z.infer<typeof LogNote>

export const LogLine = z.object({
  time: z.number(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  scope: z.string(),
  /** In English, as the log file keeps it. */
  message: z.string(),
  /** The line's key under `log.` in the shared catalogue (shared/locales), and its parameters: the page words it in the designer's language. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export type LogLine = z.infer<typeof LogLine>

export const Heartbeat = z.object({
  time: z.number(),
  uptimeMs: z.number(),
})
export type Heartbeat = z.infer<typeof Heartbeat>

/**
 * What the desktop app's menu asks the page to do (Electron only): show a screen, start a new
 * video (Create, with the prompt focused), find in the library, or show the keyboard shortcuts.
 */
export const AppCommand = z.object({ command: z.enum(['new-video', 'create', 'library', 'sequence', 'queue', 'settings', 'find', 'shortcuts']) })
export type AppCommand = z.infer<typeof AppCommand>
export type AppCommandName = AppCommand['command']

/**
 * Who decodes a take's last frame here (Settings shows it): the engine itself reads H.264 Baseline;
 * the system's ffmpeg, when there is one, everything else. `from`: the shell's `--ffmpeg`, Settings,
 * or the PATH; `problem`: why that ffmpeg cannot be run (the system's words), else null.
 */
export const FrameDecoders = z.object({
  ffmpeg: z.object({ path: z.string(), from: z.enum(['given', 'settings', 'path']), version: z.string().nullable(), problem: z.string().nullable() }).nullable(),
})
export type FrameDecoders = z.infer<typeof FrameDecoders>

export const appProcedures = {
  'app.info': procedure(z.void(), AppInfo),
  /** The engine's recent log lines, newest last, so a page opened late still sees them. */
  'app.frameDecoders': procedure(z.void(), FrameDecoders),
  'app.recentLog': procedure(z.object({ limit: z.number().int().min(1).max(500).default(100) }).optional(), z.array(LogLine)),
}

export const appEvents = {
  'engine.log': LogLine,
  'engine.heartbeat': Heartbeat,
  'app.command': AppCommand,
}
