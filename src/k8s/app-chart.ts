import { ApiObject, Chart } from 'cdk8s';
import type { Construct } from 'constructs';

/** Why one app's construct failed to build or render, in the user's own words where it threw. */
export interface AppFailure {
  readonly app: string;
  readonly message: string;
  /** What to change, for this kind of failure. */
  readonly fix: string;
}

/** Every app whose construct failed, collected over the whole render (all reported at once). */
export class AppConstructError extends Error {
  public constructor(public readonly failures: readonly AppFailure[]) {
    super(failures.map((f) => `${f.app}: ${f.message}`).join('; '));
  }
}

/** Thrown by naming, inside a user's construct: caught where the construct runs. */
export class AppNameError extends Error {}

/** The ids cdk8s gives a construct's primary child: never part of a name. */
const DEFAULT_CHILD = new Set(['Resource', 'Default']);

/** One id as a DNS label fragment: lowercase, other characters as dashes. */
const label = (id: string) => id.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export interface AppChartProps {
  readonly app: string;
  readonly namespace: string;
}

/**
 * The cdk8s Chart a user's construct runs in. An object created without a name is named by one
 * rule: the app's name, then the ids from this chart down to the object, without the default
 * child ids (`Resource`, `Default`), as a DNS label: `new kplus.Deployment(scope, 'web')` in app
 * `hello` is `hello-web`. cdk8s's own default (the whole construct path and a hash) is never used.
 */
export class AppChart extends Chart {
  public readonly app: string;

  public constructor(scope: Construct, id: string, props: AppChartProps) {
    super(scope, id, { namespace: props.namespace, disableResourceNameHashes: true });
    this.app = props.app;
  }

  public override generateObjectName(apiObject: ApiObject): string {
    const below = apiObject.node.scopes.slice(this.node.scopes.length).map((s) => s.node.id);
    const name = [this.app, ...below.filter((id) => !DEFAULT_CHILD.has(id)).map(label)].filter(Boolean).join('-');
    if (name.length > 63) {
      throw new AppNameError(`the object at ${apiObject.node.path} would be named ${name}, longer than a Kubernetes name's 63 characters`);
    }
    return name;
  }

  /** Two objects of one kind and namespace under one name: both construct paths, so the user can tell them apart. */
  public duplicateNames(): AppFailure[] {
    const seen = new Map<string, string>();
    const found: AppFailure[] = [];
    for (const obj of this.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject)) {
      const key = `${obj.apiVersion}/${obj.kind} ${obj.metadata.namespace ?? ''}/${obj.name}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, obj.node.path);
      else found.push({ app: this.app, message: `${obj.kind} ${obj.name} is the name of both ${first} and ${obj.node.path}`, fix: 'give one of the two another id or metadata.name' });
    }
    return found;
  }
}
