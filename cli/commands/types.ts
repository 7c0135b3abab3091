export interface CliCommand {
  /** The word after `catalog`, e.g. `build`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full text of `catalog <name> --help`: usage and every option. */
  help: string;
  /** The options run() accepts (util.parseArgs form); tests check that help documents each one. */
  options: Readonly<Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>;
  /**
   * Runs with the arguments after the command name and returns the one-line success summary.
   * Bad input is thrown as a CliError (exit status 2); anything else is a bug (exit status 1).
   */
  run(args: string[], io: CliIo): Promise<string | void>;
}

/** Where a command writes: the process's stdout and stderr, or a test's buffers (the tests run it in-process). */
export type CliIo = { stdout: (text: string) => void; stderr: (text: string) => void };
