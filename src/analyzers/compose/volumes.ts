// Service `volumes` entries. Short syntax: `[SOURCE:]TARGET[:MODE]` where SOURCE is a host path (`/`, `.`, `~`,
// a Windows drive) for a bind mount or otherwise a named volume, and MODE is a comma list (`ro`, `z`, `rshared`).
// Long syntax: `{type, source, target, read_only, bind: {propagation}}`.
import { isInterpolated, splitOutsideInterpolation } from './interpolation.ts';
import type { Mount } from './model.ts';
import { get, str, subRange, text } from '../yaml/yaml-tree.ts';
import type { Positions, YNode } from '../yaml/yaml-tree.ts';

const PROPAGATIONS = new Set(['shared', 'rshared', 'slave', 'rslave', 'private', 'rprivate']);

export function isHostPath(source: string): boolean {
  return /^[/.~]/.test(source) || /^[A-Za-z]:[\\/]/.test(source) || source.startsWith('\\\\') || source.startsWith('$');
}

export function parseMount(node: YNode, pos: Positions): Mount {
  if (node.kind !== 'scalar') {
    const source = str(get(node, 'source'));
    const propagation = str(get(get(node, 'bind'), 'propagation'));
    const mount: Mount = {
      range: node.range,
      type: text(get(node, 'type')) ?? 'volume',
      readOnly: text(get(node, 'read_only')) === 'true',
      interpolated: source !== undefined && isInterpolated(source.value),
    };
    const target = text(get(node, 'target'));
    if (source) mount.source = source;
    if (target !== undefined) mount.target = target;
    if (propagation) mount.propagation = propagation;
    return mount;
  }
  const s = text(node) ?? '';
  let parts = splitOutsideInterpolation(s, ':');
  // A Windows drive letter (`C:\data:/data`) is part of the source, not a separator.
  if (parts.length > 1 && /^[A-Za-z]$/.test(parts[0]!.text) && /^[\\/]/.test(parts[1]!.text)) {
    parts = [{ text: `${parts[0]!.text}:${parts[1]!.text}`, at: 0 }, ...parts.slice(2)];
  }
  const mount: Mount = { range: node.range, type: 'volume', readOnly: false, interpolated: false };
  if (parts.length === 1) {
    mount.target = s;
    return mount;
  }
  const [source, target, mode] = parts as [typeof parts[0], typeof parts[0], typeof parts[0] | undefined];
  mount.source = { value: source.text, range: subRange(node, pos, source.at, source.at + source.text.length), node };
  mount.target = target.text;
  mount.interpolated = isInterpolated(source.text);
  mount.type = isHostPath(source.text) ? 'bind' : 'volume';
  for (const opt of (mode?.text ?? '').split(',')) {
    if (opt === 'ro') mount.readOnly = true;
    if (PROPAGATIONS.has(opt)) {
      const at = mode!.at + mode!.text.indexOf(opt);
      mount.propagation = { value: opt, range: subRange(node, pos, at, at + opt.length), node };
    }
  }
  return mount;
}
