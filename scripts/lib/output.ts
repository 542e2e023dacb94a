/** Where a command writes: its lines for the person (stdout) and its refusals (stderr). */
export interface CommandOutput {
  readonly log: (line: string) => void;
  readonly error: (line: string) => void;
}

/** A command run as a process writes to the terminal. */
export const consoleOutput: CommandOutput = { log: (line) => console.log(line), error: (line) => console.error(line) };
