import fs from 'node:fs';
import path from 'node:path';
import type { Environment, SecretRef } from '../model/resolve';
import { parseIdentities } from './age-keys';

/** Where `secrets init` keeps an environment's private key: outside Git (see .gitignore). */
export const identityFile = (root: string, env: string) => path.join(root, '.age', `${env}.agekey`);

/**
 * The age identities available to this process, as the sops CLI finds them: SOPS_AGE_KEY
 * (inline), SOPS_AGE_KEY_FILE, then the environment's own key written by `secrets init`.
 */
export function availableIdentities(vars: NodeJS.ProcessEnv, root: string, env: string): string[] {
  const found: string[] = [];
  if (vars.SOPS_AGE_KEY) found.push(...parseIdentities(vars.SOPS_AGE_KEY));
  const file = vars.SOPS_AGE_KEY_FILE;
  if (file && fs.existsSync(path.resolve(root, file))) found.push(...parseIdentities(fs.readFileSync(path.resolve(root, file), 'utf8')));
  const own = identityFile(root, env);
  if (fs.existsSync(own)) found.push(...parseIdentities(fs.readFileSync(own, 'utf8')));
  return [...new Set(found)];
}

/**
 * The environment whose recipients a secret source is encrypted to: a workload cluster's
 * delivered secrets (its SOPS identity, its pull secret) are the delivering management
 * environment's, every other one its own environment's.
 */
export function keyOwner(env: Environment, source: string): string {
  return env.secrets.find((s: SecretRef) => s.source === source)?.deliveredBy?.environment ?? env.name;
}

/** Where an identity for the owner's secrets is looked up, for messages. */
export function identityPlaces(vars: NodeJS.ProcessEnv, owner: string): string {
  const set = [vars.SOPS_AGE_KEY ? 'SOPS_AGE_KEY' : '', vars.SOPS_AGE_KEY_FILE ? `SOPS_AGE_KEY_FILE=${vars.SOPS_AGE_KEY_FILE}` : ''].filter(Boolean);
  return [...set, `.age/${owner}.agekey`].join(', ');
}
