import { describe, expect, it } from 'vitest';
import { checkRendered } from '../../src/check/rendered-rules';
import { resolve } from '../../src/model/resolve';
import { generateIdentity } from '../../src/secrets/age-keys';
import { setSecret } from '../../src/secrets/secret-writer';
import { synthesize } from '../../src/synth/render';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { modify, threeServers } from '../fixtures/environments';

describe('a secret the environment declares itself', async () => {
  const { recipient } = await generateIdentity();
  const spec = modify(threeServers, (e) => {
    e.sops = { ageRecipients: [recipient] };
    // The fixture's platform layer lists (creates) the monitoring namespace.
    e.secrets = [{ namespace: 'monitoring', name: 'db', keys: ['PASSWORD'] }];
  });
  const source = await setSecret({ identities: [], recipients: [recipient], namespace: 'monitoring', name: 'db', values: { PASSWORD: 'pw' }, now: new Date(0) });
  const secrets = new Map([['secrets/fixture/monitoring.db.sops.yaml', source.text]]);

  it('resolves to the layer that creates its namespace by default, with its source path', () => {
    expect(resolve(spec).secrets).toEqual([
      { namespace: 'monitoring', name: 'db', keys: ['PASSWORD'], layer: 'platform', folder: 'secrets', source: 'secrets/fixture/monitoring.db.sops.yaml', declaredAt: 'secrets[0]' },
    ]);
    // A namespace the apps layer creates puts it there, after the namespace.
    expect(resolve(modify(spec, (e) => { e.secrets![0]!.namespace = 'apps'; })).secrets[0]!.layer).toBe('apps');
  });

  it('is copied byte for byte into <layer>/secrets/, listed, and its layer decrypts', () => {
    const { files, violations } = synthesize(spec, { secrets });
    expect(violations).toEqual([]);
    expect(files.get('clusters/fixture/kubernetes/platform/secrets/secret.monitoring.db.sops.yaml')).toBe(source.text);
    expect(parseYamlDocuments(files.get('clusters/fixture/kubernetes/platform/secrets/kustomization.yaml')!)[0]).toMatchObject({ resources: ['secret.monitoring.db.sops.yaml'] });
    expect(parseYamlDocuments(files.get('clusters/fixture/kubernetes/platform/kustomization.yaml')!)[0]).toMatchObject({ resources: ['cert-manager', 'cilium', 'namespaces', 'secrets'] });
    expect(parseYamlDocuments(files.get('clusters/fixture/kubernetes/platform.yaml')!)[0]).toHaveProperty('spec.decryption.provider', 'sops');
    expect(parseYamlDocuments(files.get('clusters/fixture/kubernetes/apps.yaml')!)[0]).not.toHaveProperty('spec.decryption');
  });

  it('goes into another layer when asked', () => {
    const other = modify(spec, (e) => { e.secrets![0]!.layer = 'apps'; });
    const { files } = synthesize(other, { secrets });
    expect(files.has('clusters/fixture/kubernetes/apps/secrets/secret.monitoring.db.sops.yaml')).toBe(true);
    const env = resolve(other);
    const local = new Map([...files].map(([p, t]) => [p.replace('clusters/fixture/', ''), t]));
    expect(checkRendered({ env, files: local })).toEqual([]);
  });
});
