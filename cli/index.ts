// The `catalog` command (`npm run catalog -- <command> …`): builds and renders catalogs from
// files, for scripting and CI. Each subcommand lives in cli/commands/<name>.ts and is listed in
// cli/commands/index.ts; this file only dispatches and turns failures into exit statuses.
import { pathToFileURL } from 'node:url';
import { COMMANDS, findCommand, type CliIo } from './commands/index.ts';
import { CliError, EXIT_USAGE } from './errors.ts';
import { commandListHelp } from './help.ts';

const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Run one command line; answers the exit status. `io` is where it writes (tests pass their own buffers). */
export async function main(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  // npm runs scripts from the package root; file arguments are meant from where `npm run catalog` was typed.
  if (process.env.npm_lifecycle_event === 'catalog' && process.env.INIT_CWD)
    process.chdir(process.env.INIT_CWD);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    // `catalog help build` documents one command, like `catalog build --help`.
    const about = name === 'help' && rest[0] !== undefined ? findCommand(rest[0]) : undefined;
    io.stdout((about ? about.help : commandListHelp(COMMANDS)) + '\n');
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = findCommand(name);
  if (!command) {
    io.stderr(`catalog: unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')})\n`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.help + '\n');
    return 0;
  }
  try {
    const summary = await command.run(rest, io);
    if (summary) io.stdout(summary + '\n');
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(error.message + '\n');
      return error.exitCode;
    }
    throw error;
  }
}

// Run only when executed, so tests and other tools can import main().
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `catalog: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
