import { describe, expect, it } from 'vitest';
import { expectReport } from '../fixtures/expect';
import { checkRendered } from '../../src/check/rendered-rules';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { fiveServersTwoPlanned, singleServer, threeServers } from '../fixtures/environments';

const RELEASE = 'kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';
const VALUES = 'bootstrap/cilium-values.yaml';

/** Renders the fixture, applies one edit to the rendered files and returns the codes found. */
function codesAfter(edit: (files: Map<string, string>) => void, spec = threeServers): string[] {
  const env = resolve(spec);
  const files = renderEnvironment(env);
  edit(files);
  const violations = checkRendered({ env, files });
  expectReport(violations);
  return [...new Set(violations.map((v) => v.code))].sort();
}

const replaceIn = (files: Map<string, string>, path: string, from: string, to: string) => {
  const text = files.get(path)!;
  expect(text).toContain(from);
  files.set(path, text.replace(from, to));
};

describe('rendered-tree invariants', () => {
  it('passes the rendered fixtures clean', () => {
    expect(codesAfter(() => {})).toEqual([]);
    expect(codesAfter(() => {}, fiveServersTwoPlanned)).toEqual([]);
  });

  it('fails when the HelmRelease points Cilium at a node instead of the VIP', () => {
    const env = resolve(threeServers);
    const files = renderEnvironment(env);
    replaceIn(files, RELEASE, 'k8sServiceHost: 10.20.0.10', 'k8sServiceHost: 10.20.0.11');
    const violations = checkRendered({ env, files });
    // The bootstrap values still hold the VIP, so they now differ from the release too.
    expect([...new Set(violations.map((v) => v.code))].sort()).toEqual(['cilium.endpoint-not-vip', 'cilium.values-parity']);
    expect(violations.find((v) => v.code === 'cilium.endpoint-not-vip')!.message).toContain('fx-1');
  });

  it('fails when a server serves the API on another port than the one everything dials', () => {
    const founder = 'bootstrap/nodes/fx-1/config.yaml';
    expect(codesAfter((f) => f.set(founder, `${f.get(founder)}https-listen-port: 7443\n`))).toEqual(['k3s.listen-port']);
    // The port moved everywhere but on one server: the founder still listens on k3s's default.
    const moved = { ...threeServers, controlPlane: { ...threeServers.controlPlane, apiPort: 7443 } };
    expect(codesAfter((f) => f.set(founder, f.get(founder)!.replace('https-listen-port: 7443\n', '')), moved)).toEqual(['k3s.listen-port']);
  });

  it('fails when the bootstrap values point Cilium at a node', () => {
    expect(codesAfter((f) => replaceIn(f, VALUES, 'k8sServiceHost: 10.20.0.10', 'k8sServiceHost: 10.20.0.12'))).toEqual([
      'cilium.endpoint-not-vip',
      'cilium.values-parity',
    ]);
  });

  it('fails when both places agree on a node IP (parity alone is not enough)', () => {
    const codes = codesAfter((f) => {
      replaceIn(f, VALUES, 'k8sServiceHost: 10.20.0.10', 'k8sServiceHost: 10.20.0.11');
      replaceIn(f, RELEASE, 'k8sServiceHost: 10.20.0.10', 'k8sServiceHost: 10.20.0.11');
    });
    expect(codes).toEqual(['cilium.endpoint-not-vip']);
  });

  it('fails when Cilium dials another port than the API port', () => {
    const codes = codesAfter((f) => {
      replaceIn(f, VALUES, 'k8sServicePort: 6443', 'k8sServicePort: 443');
      replaceIn(f, RELEASE, 'k8sServicePort: 6443', 'k8sServicePort: 443');
    });
    expect(codes).toEqual(['cilium.port-mismatch']);
  });

  it('fails when the bootstrap values differ from the HelmRelease values in any byte', () => {
    expect(codesAfter((f) => replaceIn(f, VALUES, 'maxUnavailable: 1', 'maxUnavailable: 2'))).toEqual(['cilium.values-parity']);
  });

  it('fails when the bootstrap values file is missing', () => {
    expect(codesAfter((f) => f.delete(VALUES))).toEqual(['cilium.values-missing']);
  });

  it('fails when a server joins the VIP instead of the founder', () => {
    const env = resolve(threeServers);
    const files = renderEnvironment(env);
    replaceIn(files, 'bootstrap/nodes/fx-2/config.yaml', 'server: https://10.20.0.11:6443', 'server: https://10.20.0.10:6443');
    const [v, ...rest] = checkRendered({ env, files });
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ code: 'k3s.join-target', value: 'https://10.20.0.10:6443' });
    expect(v!.message).toContain('the VIP');
  });

  it('fails when the founder joins another server', () => {
    expect(codesAfter((f) => replaceIn(f, 'bootstrap/nodes/fx-1/config.yaml', 'cluster-init: true', 'server: https://10.20.0.12:6443'))).toEqual([
      'k3s.join-target',
    ]);
  });

  it("fails when a server's config advertises another node's IP (and so differs from its VM)", () => {
    expect(codesAfter((f) => replaceIn(f, 'bootstrap/nodes/fx-3/config.yaml', 'node-ip: 10.20.0.13', 'node-ip: 10.20.0.12'))).toEqual([
      'cloud-init.ip-mismatch',
      'k3s.node-ip',
    ]);
  });

  it("fails when a VM's cloud-init address is not its node-ip", () => {
    const codes = codesAfter((f) => replaceIn(f, 'terraform/cdk.tf.json', '10.20.0.12/24', '10.20.0.99/24'));
    expect(codes).toEqual(['cloud-init.ip-mismatch']);
  });

  it("fails when a Proxmox VM's ip_config address is not its node-ip", () => {
    const codes = codesAfter((f) => replaceIn(f, 'terraform/cdk.tf.json', '"address": "10.30.0.5/24"', '"address": "10.30.0.6/24"'), singleServer);
    expect(codes).toEqual(['cloud-init.ip-mismatch']);
  });

  it('fails when a planned server has a k3s config', () => {
    const codes = codesAfter(
      (f) => f.set('bootstrap/nodes/five-4/config.yaml', f.get('bootstrap/nodes/five-3/config.yaml')!.replace(/172\.16\.5\.23$/m, '172.16.5.24').replace('node-ip: 172.16.5.23', 'node-ip: 172.16.5.24')),
      fiveServersTwoPlanned,
    );
    expect(codes).toEqual(['k3s.planned-rendered']);
  });

  it('fails when a plaintext Secret lands in the Kubernetes tree', () => {
    const codes = codesAfter((f) =>
      f.set('kubernetes/platform/cilium/secret.kube-system.token.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\n  namespace: kube-system\ndata:\n  token: c2VjcmV0\n'),
    );
    expect(codes).toEqual(['kubernetes.plaintext-secret']);
  });

  it('fails when a Secret of the tree uses stringData, encrypted or not', () => {
    const sops = 'sops:\n  age: []\n  encrypted_regex: ^(data|stringData)$\n';
    const secret = (body: string) => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\n  namespace: apps\n${body}`;
    const at = 'kubernetes/apps/legacy/secret.yaml';
    expect(codesAfter((f) => f.set(at, secret(`stringData:\n  token: ENC[AES256_GCM,data:AA==,iv:AA==,tag:AA==,type:str]\n${sops}`)))).toEqual(['kubernetes.secret-string-data']);
    expect(codesAfter((f) => f.set(at, secret('stringData:\n  token: x\n')))).toEqual(['kubernetes.plaintext-secret', 'kubernetes.secret-string-data']);
    expect(codesAfter((f) => f.set(at, secret(`data:\n  token: ENC[AES256_GCM,data:AA==,iv:AA==,tag:AA==,type:str]\n${sops}`)))).toEqual([]);
  });
});
