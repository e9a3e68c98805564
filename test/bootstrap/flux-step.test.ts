import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { fluxStep } from '../../src/bootstrap/flux-step';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify, resolveK3s, singleServer, threeServers } from '../fixtures/environments';
import { rendered } from '../fixtures/render';

// A Secret applied client-side lands whole in kubectl.kubernetes.io/last-applied-configuration:
// sops-age would keep Flux's age key there, readable by whoever may read the object's metadata.

const privateForge = modify(mgmt, (e) => {
  e.flux.pullSecret = 'git-auth';
  e.secrets = [...(e.secrets ?? []), { namespace: 'flux-system', name: 'git-auth', keys: ['username', 'password'] }];
});
const bootstrapped = modify(dev, (e) => {
  e.flux.bootstrapped = true;
});
const fleet = [dev, mgmt, prod, threeServers, singleServer, fiveServersTwoPlanned, privateForge, bootstrapped] as EnvironmentSpec[];

/** Every `kubectl … apply …` of a text with its arguments, up to the end of its command. */
const applies = (text: string) => [...text.matchAll(/kubectl(?: -n \S+)? apply\b([^|&;\n`']*)/g)].map((m) => m[0].trim());

describe('the runbook applies no Secret client-side', () => {
  it.each(fleet.map((s) => [s.name, s] as const))('%s: every kubectl apply of README.md and run.sh is server-side, and one from stdin has the tool as field manager', (_name, spec) => {
    const tree = rendered(spec);
    for (const file of ['bootstrap/README.md', 'bootstrap/run.sh']) {
      // At least the FluxInstance's: a pattern that finds nothing proves nothing.
      expect(applies(tree.text(file)).length, file).toBeGreaterThan(0);
      for (const apply of applies(tree.text(file))) {
        expect(apply, file).toContain('--server-side');
        // The API server keeps an existing annotation current for the field manager kubectl only.
        if (apply.endsWith(' -f -')) expect(apply, file).toContain('--field-manager=k3s-gitops-synth');
      }
    }
  });

  it('finds the Secrets read from stdin among them', () => {
    const stdin = applies(rendered(privateForge).text('bootstrap/run.sh')).filter((a) => a.endsWith(' -f -'));
    expect(stdin).toHaveLength(2);
  });

  it('applies sops-age server-side and removes the annotation an earlier client-side apply left', () => {
    const commands = fluxStep(resolveK3s(mgmt)).commands;
    expect(commands).toContain(
      'kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=../../../.age/mgmt.agekey --dry-run=client -o yaml | kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f - && kubectl -n flux-system annotate secret sops-age kubectl.kubernetes.io/last-applied-configuration-',
    );
  });

  it("applies a private forge's pull Secret the same way", () => {
    const line = fluxStep(resolveK3s(privateForge)).commands.find((c) => c.includes('flux-system/git-auth'));
    expect(line).toMatch(/\| kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f - && kubectl -n flux-system annotate secret git-auth kubectl\.kubernetes\.io\/last-applied-configuration-$/);
  });
});
