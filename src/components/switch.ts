import type { Environment } from '../model/resolve';

/** Settings of a component switched on under `spec.components.<name>`. */
export interface SwitchConfig {
  readonly layer: string;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * `configure` for a component without a spec section of its own: on where the environment lists
 * it under `components`, in the layer given there or `defaultLayer`.
 */
export function fromSwitch(name: string, defaultLayer: string): (env: Environment) => SwitchConfig | undefined {
  return (env) => {
    const own = env.components[name];
    return own && { layer: own.layer ?? defaultLayer, values: own.values };
  };
}

/** The spec path of a switched component's layer, for messages. */
export const switchPath = (name: string) => `components.${name}.layer`;
