/**
 * The shape of a command's words: its options, positionals, examples and notes
 * (messages/commands.ts, command-specs.ts). One spec drives both the parsing and the
 * `--help` of its command (src/cli/command-spec.ts, yargs-spec.ts).
 */
export interface OptionSpec {
  readonly type: 'string' | 'boolean' | 'number';
  readonly describe: string;
  readonly short?: string;
  readonly choices?: readonly string[];
  /** May be given more than once (collected in order). */
  readonly multiple?: boolean;
  readonly required?: boolean;
  /** The value's name in the help: `--root DIR`. */
  readonly placeholder?: string;
  readonly default?: string | number | boolean;
}

export interface PositionalSpec {
  readonly name: string;
  readonly describe: string;
  readonly required?: boolean;
  /** Takes every remaining argument. */
  readonly variadic?: boolean;
}

export interface CommandSpec {
  /** As typed: `check`, `playbook show`. */
  readonly name: string;
  readonly describe: string;
  readonly positionals?: readonly PositionalSpec[];
  readonly options?: Readonly<Record<string, OptionSpec>>;
  readonly examples?: readonly (readonly [command: string, what: string])[];
  /** Extra paragraph printed after the options (exit codes, input formats). */
  readonly notes?: string;
}

/** A command made of subcommands (`memdex playbook <show|update|...>`). */
export interface GroupSpec {
  readonly name: string;
  readonly describe: string;
  readonly subcommands: readonly CommandSpec[];
}
