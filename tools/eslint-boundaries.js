// Architecture boundaries (docs/architecture.md, Enforcement): a feature never imports another feature,
// and shared code (packages/*, apps/web/src/components, apps/web/src/lib) never imports application code.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function zoneOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const feature = rel.match(/^apps\/web\/src\/features\/([^/]+\/[^/]+)\//);
  if (feature) return { kind: 'feature', name: feature[1] };
  const apiModule = rel.match(/^apps\/api\/src\/modules\/([^/]+)\//);
  if (apiModule) return { kind: 'module', name: apiModule[1] };
  if (/^packages\//.test(rel)) return { kind: 'package', name: rel.split('/')[1] };
  if (/^apps\/web\/src\/(components|lib)\//.test(rel)) return { kind: 'web-shared' };
  if (/^apps\//.test(rel)) return { kind: 'app', name: rel.split('/')[1] };
  return { kind: 'other' };
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{reason}}' } },
  create(context) {
    const from = zoneOf(context.filename);
    function check(node) {
      const spec = node.source && node.source.value;
      if (typeof spec !== 'string') return;
      if (from.kind === 'package' && /^@comptoir\/(api|web)/.test(spec)) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { reason: 'Shared packages must not import app code.' },
        });
        return;
      }
      if (!spec.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(context.filename), spec));
      let reason = null;
      if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name)
        reason = `Feature ${from.name} must not import feature ${to.name}: move the shared part to components/ or lib/.`;
      if (from.kind === 'web-shared' && to.kind === 'feature')
        reason = 'Shared web code (components/, lib/) must not import a feature.';
      if (
        from.kind === 'package' &&
        (to.kind === 'app' || to.kind === 'feature' || to.kind === 'module' || to.kind === 'web-shared')
      )
        reason = 'Shared packages must not import app code.';
      if (reason) context.report({ node, messageId: 'forbidden', data: { reason } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries: rule } };
