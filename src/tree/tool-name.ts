/** The package's name: the bin, and what a fleet's package.json depends on. */
export const TOOL_NAME = 'k3s-gitops-synth';
