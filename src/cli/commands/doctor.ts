import { runDoctor, type DoctorReport } from '../../app/doctor.js';
import { doctorSpec } from '../../messages/command-specs.js';
import { doctorMessages as m } from '../../messages/doctor.js';
import { nodeHost } from '../../node/node-host.js';
import { nodeSetupHost } from '../../node/setup-host.js';
import { nodeTranscriptHost } from '../../node/transcript-host.js';
import { bool, runYargsCommand, str } from '../run-command.js';

export function main(argv: readonly string[]): Promise<number> {
  return runYargsCommand(doctorSpec, argv, async (args) => {
    const report = await runDoctor({ ...nodeHost(), ...nodeSetupHost(), ...nodeTranscriptHost() }, str(args, 'root'), { plugin: bool(args, 'plugin') });
    process.stdout.write(str(args, 'format') === 'json' ? `${JSON.stringify(report, null, 2)}\n` : renderText(report));
    return report.exitCode;
  });
}

function renderText(report: DoctorReport): string {
  const mark = { ok: m.ok, problem: m.problem, warning: m.warning } as const;
  const lines = report.results.flatMap((r) => [`${mark[r.status]} ${r.message}`, ...(r.fix !== undefined ? [`${m.fixPrefix}${r.fix}`] : [])]);
  const problems = report.results.filter((r) => r.status === 'problem').length;
  lines.push('', problems === 0 ? m.summaryOk : m.summaryProblems(problems));
  return `${lines.join('\n')}\n`;
}
