import { describe, expect, it } from 'vitest';
import { answerOption, formatRefusedAnswer } from '../../src/init/answer-fields';
import { check } from '../../src/check/run';
import { startingSpec } from '../../src/init/starting-spec';
import { parseAnswers } from '../../src/init/answers';

describe('a violation of the environment init would write', () => {
  it.each([
    ['dev.network.dns[0]', '--dns'],
    ['dev.network.gateway', '--gateway'],
    ['dev.nodes[1].ip', '--nodes'],
    ['dev.controlPlane.vip', '--vip'],
    ['dev.controlPlane.vipInterface', '--interface'],
    ['dev.infrastructure.access.sshKeys[0]', '--ssh-key'],
    ['dev.flux.url', '--flux-url'],
  ])('%s names the option %s', (path, option) => {
    expect(answerOption(path, 'dev')).toBe(option);
  });

  it('names no option for a field no answer writes', () => {
    expect(answerOption('dev.k3s.version', 'dev')).toBeUndefined();
  });

  it('fails when --dns is a loopback resolver: the error names --dns and its value, then the field', () => {
    const { answers } = parseAnswers({ name: 'dev', dns: '127.0.0.53' }, '/tmp/fleet', 'k3s-gitops-synth@1.0.0');
    const refused = check(startingSpec(answers!, 'v1.36.4+k3s1')).filter((v) => v.severity === 'error');
    expect(refused.map((v) => formatRefusedAnswer(v, 'dev'))).toEqual([expect.stringMatching(/^error --dns 127\.0\.0\.53 \(dev\.network\.dns\[0\]\) \[address\.not-unicast\]: /)]);
  });
});
