import { describe, expect, it } from 'vitest';
import { changedFields, fieldEffect, kcpUpdateAllowed } from '../../src/review/capi-rules';
import { controlPlaneWords, memberCounts } from '../../src/review/control-plane-rollout';
import { versionSkip } from '../../src/review/machine-sets';

const move = (from: number, to: number, rolls: boolean, maxSurge = 1, stacked = true) => ({ from, to, rolls, maxSurge, stacked });

describe('a KubeadmControlPlane\'s moves, as KCP makes them', () => {
  it('counts the members step by step: surge first with maxSurge 1, removal first with 0, one at a time without a rollout', () => {
    expect(memberCounts(move(3, 3, true))).toEqual([3, 4, 3, 4, 3, 4, 3]);
    expect(memberCounts(move(3, 3, true, 0))).toEqual([3, 2, 3, 2, 3, 2, 3]);
    expect(memberCounts(move(1, 1, true))).toEqual([1, 2, 1]);
    expect(memberCounts(move(3, 1, false))).toEqual([3, 2, 1]);
    expect(memberCounts(move(1, 3, false))).toEqual([1, 2, 3]);
    // Scaled down while rolling: outdated machines go first, down to replicas + surge - 1, then one in, one out.
    expect(memberCounts(move(5, 3, true))).toEqual([5, 4, 3, 4, 3, 4, 3, 4, 3]);
    expect(memberCounts(move(3, 3, false))).toEqual([3]);
  });

  it('says what happens with the counts it computed', () => {
    expect(controlPlaneWords(move(5, 5, true))).toBe('replaces its 5 machines one at a time (maxSurge 1): each new machine joins first, so etcd has 6 members, which need 4; then an old one is removed, leaving 5 members, which need 3');
    expect(controlPlaneWords(move(5, 3, false))).toBe('scales from 5 to 3 machines, removing one at a time, each etcd member before its machine: leaving 3 members, which need 2');
    expect(controlPlaneWords(move(1, 3, true))).toBe('scales from 1 to 3 machines and replaces the 1 of the old spec, one at a time (maxSurge 1): etcd has at most 4 members, which need 3, and at least 2 members, which need 2');
    expect(controlPlaneWords(move(3, 3, true, 1, false))).toBe('replaces its 3 machines one at a time (maxSurge 1); etcd is external (clusterConfiguration.etcd.external), so no etcd member changes');
  });
});

describe('the rules of what a field change does', () => {
  it('lists the fields a merge patch touches: objects descended, lists and removed objects whole, status left out', () => {
    expect(changedFields({ spec: { a: 1, list: [1], gone: { x: 1 } }, status: { r: 1 } }, { spec: { a: 2, list: [1, 2], added: { y: { z: 1 } } }, status: { r: 2 } }).map((f) => f.path)).toEqual(['spec.a', 'spec.added.y.z', 'spec.gone', 'spec.list']);
  });

  it('decides by the first rule that holds the path, and never calls an unnamed field harmless', () => {
    expect(fieldEffect('KubeadmControlPlane', 'spec.kubeadmConfigSpec.clusterConfiguration.dns.imageTag').effect).toBe('in-place');
    expect(fieldEffect('KubeadmControlPlane', 'spec.kubeadmConfigSpec.joinConfiguration.discovery.timeout').effect).toBe('no-rollout');
    expect(fieldEffect('KubeadmControlPlane', 'spec.kubeadmConfigSpec.files').effect).toBe('rolls');
    expect(fieldEffect('MachineDeployment', 'spec.template.spec.deletion.nodeDrainTimeoutSeconds').effect).toBe('in-place');
    expect(fieldEffect('MachineDeployment', 'spec.selector.matchLabels.x').effect).toBe('unknown');
    expect(fieldEffect('ProxmoxCluster', 'spec.dnsServers').effect).toBe('unknown');
    expect(fieldEffect('SomethingElse', 'spec.x')).toEqual({ effect: 'unknown', source: 'no rule of SomethingElse names spec.x' });
  });

  it('accepts a KCP update only where its webhook does', () => {
    expect(kcpUpdateAllowed('spec.kubeadmConfigSpec.files')).toBe(true);
    expect(kcpUpdateAllowed('spec.kubeadmConfigSpec.clusterConfiguration.etcd.local.dataDir')).toBe(true);
    expect(kcpUpdateAllowed('spec.machineTemplate.spec.infrastructureRef.name')).toBe(true);
    expect(kcpUpdateAllowed('metadata.labels.team')).toBe(true);
    expect(kcpUpdateAllowed('spec.kubeadmConfigSpec.clusterConfiguration.certificatesDir')).toBe(false);
    expect(kcpUpdateAllowed('spec.kubeadmConfigSpec.initConfiguration.patches.other')).toBe(false);
    // An allowed path without `*` does not accept what is below it.
    expect(kcpUpdateAllowed('spec.kubeadmConfigSpec.clusterConfiguration.imageRepository.x')).toBe(false);
  });

  it('finds a version that skips a minor, as KCP\'s webhook does', () => {
    expect(versionSkip('v1.35.9', 'v1.36.0')).toBeUndefined();
    expect(versionSkip('v1.35.9', 'v1.34.0')).toBeUndefined();
    expect(versionSkip('v1.35.9', 'v1.37.0')).toBe('Kubernetes v1.35.9 -> v1.37.0 skips v1.36: "cannot update Kubernetes version from v1.35.9 to v1.37.0"');
    expect(versionSkip('v1.34.1', 'v1.37.0')).toBe('Kubernetes v1.34.1 -> v1.37.0 skips v1.35 to v1.36: "cannot update Kubernetes version from v1.34.1 to v1.37.0"');
  });
});
