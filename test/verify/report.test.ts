import { describe, expect, it } from 'vitest';
import { buildReport, exitCode, renderJson, renderText, textLine, unreadableReport } from '../../src/verify/report';
import type { VerifyLine } from '../../src/verify/types';

const pass: VerifyLine = { check: 'servers.ready', outcome: 'pass', subject: 'Node a', expected: 'Ready', live: 'Ready=True' };
const drift: VerifyLine = { check: 'servers.ready', outcome: 'drift', subject: 'Node b', expected: 'Ready', live: 'Ready=False', fix: 'look at b' };
const unsure: VerifyLine = { check: 'cilium.kube-proxy', outcome: 'not-checkable', subject: 'Node a', expected: 'off', live: 'no annotation', fix: 'restart k3s' };

describe('the report', () => {
  it('prints one line per comparison, the fix last, and a summary', () => {
    expect(renderText(buildReport('dev', 'https://x:6443', [pass, drift]))).toBe(
      'pass servers.ready Node a: expected Ready; live Ready=True\ndrift servers.ready Node b: expected Ready; live Ready=False; fix: look at b\nverify dev at https://x:6443: 1 pass, 1 drift, 0 not checkable\n',
    );
    expect(textLine(unsure)).toBe('not-checkable cilium.kube-proxy Node a: expected off; live no annotation; fix: restart k3s');
  });

  it('exits 0 on pass and on not-checkable alone, 1 on drift, 3 when unreadable', () => {
    expect(exitCode(buildReport('dev', 's', [pass]))).toBe(0);
    expect(exitCode(buildReport('dev', 's', [pass, unsure]))).toBe(0);
    expect(exitCode(buildReport('dev', 's', [pass, unsure, drift]))).toBe(1);
    expect(exitCode(unreadableReport('dev', 's', 'cannot read the cluster at s: boom'))).toBe(3);
  });

  it('keeps the JSON shape of formatVersion 1', () => {
    expect(JSON.parse(renderJson(buildReport('dev', 's', [pass, unsure])))).toEqual({
      formatVersion: 1,
      environment: 'dev',
      server: 's',
      result: 'pass',
      counts: { pass: 1, drift: 0, 'not-checkable': 1 },
      lines: [pass, unsure],
    });
    expect(JSON.parse(renderJson(unreadableReport('dev', 's', 'boom')))).toEqual({ formatVersion: 1, environment: 'dev', server: 's', result: 'unreadable', counts: { pass: 0, drift: 0, 'not-checkable': 0 }, lines: [], error: 'boom' });
    expect(renderText(unreadableReport('dev', 's', 'boom'))).toBe('boom\n');
  });
});
