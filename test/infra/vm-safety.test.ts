import { describe, expect, it } from 'vitest';
import { check } from '../../src/check';
import { MINIMUM_TERRAFORM } from '../../src/infra/state';
import { modify } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../src/model/environment';
import { rendered } from '../fixtures/render';

const terraform = (spec: EnvironmentSpec) => JSON.parse(rendered(spec).text('terraform/cdk.tf.json'));

describe('VM-layer safety', () => {
  it('protects every data disk from deletion, unless the environment says so for one change (with a warning)', () => {
    expect(terraform(dev).resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: true });
    const open = modify(dev, (e: any) => { e.infrastructure.protectData = false; });
    expect(terraform(open).resource.libvirt_volume.data.lifecycle).toEqual({ prevent_destroy: false });
    expect(check(open).filter((v) => v.code === 'vm.data-unprotected').map((v) => v.severity)).toEqual(['warning']);
    expect(check(dev).map((v) => v.code)).not.toContain('vm.data-unprotected');
  });

  it("replaces only the node's own seed volume when its cloud-init changes (the provider cannot update one)", () => {
    expect(terraform(dev).resource.libvirt_volume.seed_iso.lifecycle).toEqual({ replace_triggered_by: ['libvirt_cloudinit_disk.seed[each.key]'] });
  });

  it('states the oldest Terraform / OpenTofu that reads the JSON, in both stacks', () => {
    expect(MINIMUM_TERRAFORM).toBe('1.7.0');
    expect(terraform(dev).terraform.required_version).toBe('>= 1.7.0');
    expect(terraform(mgmt as EnvironmentSpec).terraform.required_version).toBe('>= 1.7.0');
  });
});
