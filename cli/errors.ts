// Exit statuses of the `catalog` command: 2 for anything the caller got wrong (bad options,
// unreadable or invalid input files), 1 for our own failures.
export const EXIT_USAGE = 2;
export const EXIT_FAILURE = 1;

/** A failure to report as one line on stderr (e.g. `products.csv:4:3: "abc" is not a price`). */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_USAGE) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
