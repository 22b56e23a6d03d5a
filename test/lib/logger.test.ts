import { afterEach, describe, expect, it } from 'vitest';
import {
  configureLogger,
  errorContext,
  isLogEnabled,
  logger,
  parseLogLevel,
  resetLogger,
  type LogLevel,
  type MessageLevel,
} from '../../src/lib/logger';

type Line = { level: MessageLevel; message: string; context: unknown };

function capture(level: LogLevel): Line[] {
  const lines: Line[] = [];
  configureLogger({ level, sink: (l, message, context) => lines.push({ level: l, message, context }) });
  return lines;
}

function writeAll(): void {
  logger.console('c');
  logger.debug('d');
  logger.info('i');
  logger.warn('w');
  logger.error('e', { code: 'A0500' });
}

afterEach(() => resetLogger());

describe('logger', () => {
  it.each<[LogLevel, string[]]>([
    ['CONSOLE', ['c', 'd', 'i', 'w', 'e']],
    ['DEBUG', ['d', 'i', 'w', 'e']],
    ['INFO', ['i', 'w', 'e']],
    ['WARN', ['w', 'e']],
    ['ERROR', ['e']],
    ['NONE', []],
  ])('at %s writes exactly %j', (level, expected) => {
    const lines = capture(level);
    writeAll();
    expect(lines.map((line) => line.message)).toEqual(expected);
  });

  it('passes the level and the context to the sink', () => {
    const lines = capture('ERROR');
    writeAll();
    expect(lines).toEqual([{ level: 'ERROR', message: 'e', context: { code: 'A0500' } }]);
  });

  it('reads the level from config values, case-insensitively, keeping the fallback for junk', () => {
    expect(parseLogLevel('warn')).toBe('WARN');
    expect(parseLogLevel(' none ')).toBe('NONE');
    expect(parseLogLevel('verbose', 'INFO')).toBe('INFO');
    expect(parseLogLevel(undefined, 'ERROR')).toBe('ERROR');
    expect(parseLogLevel(3, 'ERROR')).toBe('ERROR');
  });

  it('keeps the current level when the config gives an unknown one', () => {
    configureLogger({ level: 'INFO' });
    configureLogger({ level: 'LOUD' });
    expect(logger.level).toBe('INFO');
    expect(isLogEnabled('DEBUG')).toBe(false);
    expect(isLogEnabled('INFO')).toBe(true);
  });

  it('never lets a failing sink break the caller', () => {
    configureLogger({
      level: 'DEBUG',
      sink: () => {
        throw new Error('sink down');
      },
    });
    expect(() => logger.error('still fine')).not.toThrow();
  });

  it('keeps an error\'s name and message only, and any other thrown value as it is', () => {
    const error = Object.assign(new TypeError('Failed to fetch dynamically imported module'), { secret: 'token' });
    expect(errorContext(error)).toEqual({ name: 'TypeError', message: 'Failed to fetch dynamically imported module' });
    expect(errorContext('E9999')).toBe('E9999');
    expect(errorContext({ errorCode: 'A0401' })).toEqual({ errorCode: 'A0401' });
  });
});
