import ts from 'typescript';

/** Source files by path ('/apps/web/src/main.tsx'), as text. */
export type Sources = Record<string, string>;

const EXTENSIONS = ['.ts', '.tsx'];

function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/** `specifier` seen from `dir`, with '.' and '..' folded away. */
function join(dir: string, specifier: string): string {
  const parts: string[] = [];
  for (const part of `${dir}/${specifier}`.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * The source file a relative import names: the web app imports without a suffix, the server
 * (NodeNext ESM) with '.js' for a '.ts' file; either may name a folder's index.
 */
function resolve(sources: Sources, from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((candidate) => candidate in sources);
}

/**
 * Every file's relative imports within `sources`: static, re-exports, type-only and dynamic
 * `import()` alike, since a lazily loaded module that imports its loader is still a circle.
 */
export function importGraph(sources: Sources): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(sources)) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((file) => file.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => resolve(sources, path, specifier) ?? []);
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import circles of a graph, one per strongly connected group of files (Tarjan), each as the
 * files of one loop through it in import order, the first file repeated at the end.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return groups.map((group) => loopThrough(graph, new Set(group)));
}

/** The shortest path from the group's first file (by name) back to itself, within the group. */
function loopThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
