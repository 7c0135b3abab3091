import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './errors.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * util.parseArgs with the command's name in every message and a CliError (exit status 2)
 * instead of node's TypeError, so a mistyped option reads like any other bad input.
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  args: string[],
  options: O,
  positionals = 0,
) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true });
  } catch (error) {
    throw new CliError(`catalog ${command}: ${describeParseError(error)} (see catalog ${command} --help)`);
  }
  if (parsed.positionals.length > positionals) {
    throw new CliError(
      `catalog ${command}: unexpected argument "${parsed.positionals[positionals]}" (see catalog ${command} --help)`,
    );
  }
  return parsed;
}

function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Node's messages end with advice about "--" that does not apply to our commands.
  const text = message.replace(/\. To specify an option argument.*$/s, '').replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The value of an option the command cannot run without. */
export function requireOption(command: string, name: string, value: string | undefined): string {
  if (value === undefined || value === '') {
    throw new CliError(`catalog ${command}: missing --${name} (see catalog ${command} --help)`);
  }
  return value;
}
