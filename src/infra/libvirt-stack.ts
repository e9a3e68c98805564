import { TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import type { K3sEnvironment, LibvirtInfrastructure } from '../model/resolve';
import { adoptionPlan, fetchedImages, imagesInUse } from './adoption';
import { adoptDomains } from './libvirt-domains';
import { buildNodes } from './libvirt-nodes';
import { addNodeOutputs } from './outputs';
import { LibvirtProvider } from './providers/libvirt-provider';
import { useRepositoryState } from './state';

/** The resources an older count-based module declared per node, by type and name. */
export const COUNT_ERA_RESOURCES = [
  'libvirt_volume.os',
  'libvirt_volume.data',
  'libvirt_cloudinit_disk.seed',
  'libvirt_domain.node',
] as const;

export interface LibvirtClusterStackProps {
  readonly env: K3sEnvironment;
  readonly infra: LibvirtInfrastructure;
}

/**
 * The dev VM layer: per cloud image serial in use a checksummed base volume, then per node it
 * creates an OS overlay, a data disk, a cloud-init seed and a domain, and per adopted node the
 * domain that runs, imported. Each per-node resource is ONE block with for_each, keyed by node
 * name, so `libvirt_domain.node["k3s-dev-3"]` can be replaced alone.
 */
export class LibvirtClusterStack extends TerraformStack {
  public constructor(scope: Construct, id: string, props: LibvirtClusterStackProps) {
    super(scope, id);
    const { env, infra } = props;
    const withData = infra.vm.dataDiskGiB !== undefined;
    useRepositoryState(this, env.name);
    // The URI as written: left out, the provider block stays empty and the provider's own default (the same qemu:///system) applies.
    new LibvirtProvider(this, 'libvirt', { uri: env.spec.infrastructure.kind === 'libvirt' ? env.spec.infrastructure.uri : undefined });

    const images = imagesInUse(env);
    const fetched = [...fetchedImages(env).keys()];
    buildNodes(this, env, infra);
    adoptDomains(this, env, infra);

    const moved = [
      ...(infra.migrateFromCount ?? []).flatMap((name, index) =>
        COUNT_ERA_RESOURCES.filter((address) => withData || address !== 'libvirt_volume.data').map((address) => ({
          from: `${address}[${index}]`,
          to: `${address}["${name}"]`,
        })),
      ),
      // The single base volume and fetch of earlier releases are the oldest image still in use.
      ...(images.length > 0 ? [{ from: 'libvirt_volume.base', to: `libvirt_volume.base["${images[0]}"]` }] : []),
      ...(fetched.length > 0 ? [{ from: 'terraform_data.image', to: `terraform_data.image["${fetched[0]}"]` }] : []),
    ];
    // cdktf has no moved-block API for a count -> for_each key move; a stack override writes
    // plain `moved` blocks and, unlike moveTo(), calls no terraform binary during synth.
    if (moved.length > 0) this.addOverride('moved', moved);
    const imports = adoptionPlan(env).imports;
    if (imports.length > 0) this.addOverride('import', imports);
    addNodeOutputs(this, env);
  }
}
