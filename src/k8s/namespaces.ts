import { Construct } from 'constructs';
import { k8s } from 'cdk8s-plus-31';

export interface NamespacesProps {
  readonly names: readonly string[];
}

/** Plain Namespace objects, one per name. */
export class Namespaces extends Construct {
  public constructor(scope: Construct, id: string, props: NamespacesProps) {
    super(scope, id);
    for (const name of props.names) {
      new k8s.KubeNamespace(this, name, { metadata: { name } });
    }
  }
}
