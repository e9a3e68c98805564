/**
 * The fleet's CI, one workflow per forge: GitHub Actions (`.github/workflows/`, which Gitea also
 * reads when it has no `.gitea/workflows/`) and Forgejo Actions (`.forgejo/workflows/`: a runner
 * labelled `docker`, actions by full URL). Same jobs on both:
 * - `fleet`: every push and pull request: typecheck, check (drift and invariants) and validate;
 *   on a pull request, the review of what the change does, as one comment kept up to date.
 * - `renovate`: on Renovate's branches, synth first and commit the regenerated trees, so a pin
 *   bump arrives green. A push made with the forge's own job token starts no new run, so this job
 *   checks and validates what it pushed itself; a token of your own (FLEET_PUSH_TOKEN) lets the
 *   push re-run the pull request's checks as well.
 */
interface Forge {
  readonly runsOn: string;
  readonly container?: string;
  readonly checkout: string;
  readonly setupNode?: string;
}

const GITHUB: Forge = { runsOn: 'ubuntu-latest', checkout: 'actions/checkout@v4', setupNode: 'actions/setup-node@v4' };
const FORGEJO: Forge = { runsOn: 'docker', container: 'node:20-bookworm', checkout: 'https://data.forgejo.org/actions/checkout@v4' };

const setup = (forge: Forge, checkoutWith: string[]) => [
  `      - uses: ${forge.checkout}`,
  '        with:',
  ...checkoutWith.map((l) => `          ${l}`),
  ...(forge.setupNode ? [`      - uses: ${forge.setupNode}`, '        with:', '          node-version: 20'] : []),
  '      - name: kubectl (validate builds every kustomization with it)',
  '        run: command -v kubectl || { SUDO=$(command -v sudo || true); $SUDO apt-get update -qq && $SUDO apt-get install -y -qq kubernetes-client; }',
  '      - run: npm ci --no-audit --no-fund',
];

const review = [
  '      - name: Review',
  '        if: github.event_name == \'pull_request\'',
  '        run: npx k3s-gitops-synth review --base "origin/${{ github.base_ref }}" > review.md',
  '      - name: Review comment',
  '        if: github.event_name == \'pull_request\'',
  '        env:',
  '          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}',
  '        run: npx k3s-gitops-synth review --post-comment review.md',
];

function workflow(forge: Forge, header: string): string {
  const job = (name: string, condition: string) => [
    `  ${name}:`,
    `    if: ${condition}`,
    `    runs-on: ${forge.runsOn}`,
    ...(forge.container ? [`    container: ${forge.container}`] : []),
    '    steps:',
  ];
  return [
    header,
    'name: fleet',
    '',
    'on:',
    '  push:',
    '    branches: [main]',
    '  pull_request:',
    '',
    'permissions:',
    '  contents: write',
    '  pull-requests: write',
    '',
    'jobs:',
    ...job('fleet', "\"!startsWith(github.head_ref, 'renovate/')\""),
    // The whole history: review compares with the merge base.
    ...setup(forge, ['fetch-depth: 0']),
    '      - name: Typecheck, drift and invariants, conformance',
    '        run: npm test',
    ...review,
    '',
    ...job('renovate', "github.event_name == 'pull_request' && startsWith(github.head_ref, 'renovate/')"),
    ...setup(forge, ['ref: ${{ github.head_ref }}', 'fetch-depth: 0', 'token: ${{ secrets.FLEET_PUSH_TOKEN || secrets.GITHUB_TOKEN }}']),
    '      - name: Synthesize the trees for the bump and commit them',
    '        run: |',
    '          npm run synth',
    '          if [ -n "$(git status --porcelain)" ]; then',
    '            git config user.name "fleet synth"',
    '            git config user.email "fleet-synth@users.noreply.invalid"',
    '            git add -A',
    '            git commit -m "synth: regenerate the trees for this bump"',
    '            git push',
    '          fi',
    '      - name: Typecheck, drift and invariants, conformance (a job-token push starts no new run)',
    '        run: npm test',
    ...review,
    '',
  ].join('\n');
}

export const githubWorkflow = () =>
  workflow(GITHUB, '# Written by k3s-gitops-synth init; yours to edit. GitHub Actions, and Gitea Actions (which reads\n# .github/workflows/ when the repository has no .gitea/workflows/).');
export const forgejoWorkflow = () =>
  workflow(FORGEJO, '# Written by k3s-gitops-synth init; yours to edit. Forgejo Actions: a runner labelled docker.');
