import type { CliCommand } from './commands/types.ts';

export function commandListHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: npm run catalog -- <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `npm run catalog -- <command> --help` for the options of a command.',
  ].join('\n');
}
