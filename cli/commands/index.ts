// The subcommands of `catalog`. To add one: write cli/commands/<name>.ts exporting a CliCommand
// and list it here.
import { buildCommand } from './build.ts';
import { preflightCommand } from './preflight.ts';
import { renderCommand } from './render.ts';
import type { CliCommand } from './types.ts';

export const COMMANDS: readonly CliCommand[] = [buildCommand, renderCommand, preflightCommand];

export function findCommand(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export type { CliCommand, CliIo } from './types.ts';
