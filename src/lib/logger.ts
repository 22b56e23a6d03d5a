/**
 * The app's logger (spec section 8: log levels NONE, CONSOLE, DEBUG, INFO, WARN, ERROR).
 *
 * The configured level is a threshold: a message is written when its level is at or above
 * it, in the order CONSOLE < DEBUG < INFO < WARN < ERROR, and NONE writes nothing.
 * CONSOLE is our reading of a level the spec only names: the most verbose one, for developer
 * trace output (`logger.console(...)`, what a bare `console.log` would otherwise be). It is
 * on only when the config asks for it, so trace calls may stay in the code.
 * Never pass tokens, card data or unmasked personal data to the logger.
 */
import { z } from 'zod/mini';

export const LogLevelSchema = z.enum(['NONE', 'CONSOLE', 'DEBUG', 'INFO', 'WARN', 'ERROR']);
export type LogLevel = z.infer<typeof LogLevelSchema>;

/** A level a message can be written at (NONE is only a threshold). */
export type MessageLevel = Exclude<LogLevel, 'NONE'>;

export type LogSink = (level: MessageLevel, message: string, context?: unknown) => void;

const rank: Record<LogLevel, number> = { CONSOLE: 0, DEBUG: 1, INFO: 2, WARN: 3, ERROR: 4, NONE: 5 };

/** Production builds default to WARN until the app config says otherwise. */
export const defaultLogLevel: LogLevel = import.meta.env?.PROD ? 'WARN' : 'DEBUG';

const consoleSink: LogSink = (level, message, context) => {
  const method = { CONSOLE: 'log', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;
  const args: unknown[] = [`[${level}] ${message}`];
  if (context !== undefined) args.push(context);
  console[method[level]](...args);
};

let threshold: LogLevel = defaultLogLevel;
let sink: LogSink = consoleSink;

/**
 * Reads the level from the app config. An absent or unknown value keeps the default rather
 * than failing: a typo in the config must not silence errors or break the app.
 */
export function parseLogLevel(value: unknown, fallback: LogLevel = defaultLogLevel): LogLevel {
  const parsed = LogLevelSchema.safeParse(typeof value === 'string' ? value.trim().toUpperCase() : value);
  return parsed.success ? parsed.data : fallback;
}

/** Sets the threshold (from the app config) and, for tests, the sink. */
export function configureLogger(options: { level?: unknown; sink?: LogSink }): void {
  if (options.level !== undefined) threshold = parseLogLevel(options.level, threshold);
  if (options.sink !== undefined) sink = options.sink;
}

/** Restores the default level and the console sink. */
export function resetLogger(): void {
  threshold = defaultLogLevel;
  sink = consoleSink;
}

/** Whether a message at this level would be written now. */
export function isLogEnabled(level: MessageLevel): boolean {
  return rank[level] >= rank[threshold];
}

function write(level: MessageLevel, message: string, context?: unknown): void {
  if (!isLogEnabled(level)) return;
  try {
    sink(level, message, context);
  } catch {
    // A broken sink must never break the page that logs.
  }
}

/**
 * What a log line keeps of a thrown value: an Error's name and message (its stack and any fields a
 * library hung on it stay out of the log), anything else as it is.
 */
export function errorContext(error: unknown): unknown {
  return error instanceof Error ? { name: error.name, message: error.message } : error;
}

export const logger = {
  console: (message: string, context?: unknown) => write('CONSOLE', message, context),
  debug: (message: string, context?: unknown) => write('DEBUG', message, context),
  info: (message: string, context?: unknown) => write('INFO', message, context),
  warn: (message: string, context?: unknown) => write('WARN', message, context),
  error: (message: string, context?: unknown) => write('ERROR', message, context),
  get level(): LogLevel {
    return threshold;
  },
} as const;
