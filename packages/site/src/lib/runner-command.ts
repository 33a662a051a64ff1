// The runner commands an experiment awaiting runs gives in experiment.yaml (`reproduce.command`,
// one command per line), read into words so that the page can lay each one out an option per
// line, and tests can check them against the runner's own options.

/** A command line in words, as sh splits it: quotes group words and are kept in the text. */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: '"' | "'" | undefined;
  for (const char of line) {
    if (quote !== undefined) {
      word += char;
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      word += char;
      quote = char;
    } else if (/\s/.test(char)) {
      if (word !== '') words.push(word);
      word = '';
    } else {
      word += char;
    }
  }
  if (word !== '') words.push(word);
  return words;
}

/** Each non-empty line of `reproduce.command` in words. */
export function runnerCommands(command: string): string[][] {
  return command
    .split('\n')
    .map(commandWords)
    .filter((words) => words.length > 0);
}

/** The values an option is given (`--profile a --profile b,c` → ["a", "b,c"]). */
export function optionValues(words: readonly string[], option: string): string[] {
  return words.flatMap((word, index) => {
    const next = words[index + 1];
    return word === option && next !== undefined && !next.startsWith('--') ? [next] : [];
  });
}

/**
 * One command as sh reads it, an option and its value per line, ended by backslashes: a long
 * runner line stays readable on a phone instead of scrolling sideways.
 */
export function continuedCommand(words: readonly string[]): string {
  const [program, ...rest] = words;
  if (program === undefined) return '';
  const lines = [program];
  for (const word of rest) {
    const last = lines.length - 1;
    const isValue = !word.startsWith('-') && lines[last]?.startsWith('--') === true && !lines[last]?.includes(' ');
    if (isValue && last > 0) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines.map((line, index) => (index === 0 ? line : `  ${line}`)).join(' \\\n');
}
