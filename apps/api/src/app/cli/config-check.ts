import { loadConfig, settingWarnings } from '../../platform/config/config.js';
import { SETTINGS } from '../../platform/config/settings-registry.js';

/**
 * `countersign config check`: every setting with the value this process
 * would use and where it came from (the environment, a `<NAME>_FILE`, `.env`,
 * or the default), secrets shown only as set; then every error — a value the
 * server would refuse, a `COUNTERSIGN_*` name that is no setting. Returns the
 * exit code: 1 on any error, so a deploy script can gate on it. It opens no
 * database.
 */
export function checkConfig(env: NodeJS.ProcessEnv, cwd: string, out: (text: string) => void): number {
  const before = { ...env };
  const errors: string[] = [];
  try {
    loadConfig(env, cwd);
  } catch (error) {
    errors.push((error as Error).message);
  }
  // Outside production loadConfig only warns of unknown names; a check names them as errors everywhere.
  for (const warning of settingWarnings(env)) if (!errors.some((error) => error.includes(warning))) errors.push(warning);
  const width = Math.max(...SETTINGS.map((setting) => setting.name.length));
  for (const setting of SETTINGS.filter((candidate) => candidate.kind !== 'internal')) {
    const value = env[setting.name];
    const shown = value === undefined || value === '' ? '' : setting.secret ? '[set, not shown]' : value;
    out(`${setting.name.padEnd(width)}  ${shown === '' ? '(default)' : shown}  ${sourceOf(setting.name, before, env)}\n`);
  }
  for (const error of errors) out(`error: ${error}\n`);
  out(errors.length === 0 ? 'config check: no errors\n' : `config check: ${errors.length} error${errors.length === 1 ? '' : 's'}\n`);
  return errors.length === 0 ? 0 : 1;
}

function sourceOf(name: string, before: NodeJS.ProcessEnv, after: NodeJS.ProcessEnv): string {
  if (before[`${name}_FILE`]) return `from the file ${before[`${name}_FILE`]} (${name}_FILE)`;
  if (before[name] !== undefined && before[name] !== '') return 'from the environment';
  if (after[name] !== undefined && after[name] !== '') return 'from .env';
  return 'unset';
}
