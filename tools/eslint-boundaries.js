// Architecture boundaries (docs/architecture.md, Ownership and Enforcement):
// - a web feature never imports another feature, and shared code (packages/*, apps/web/src/components,
//   apps/web/src/lib) never imports application code;
// - an API module (apps/api/src/modules/<module>/) reaches another module only through its service;
// - only a module's *.repository.ts files touch the database;
// - a module reads only the tables it owns or is a reader of, and writes only the tables it owns
//   (tools/table-owners.json, which must list every table of packages/db/src/schema.ts).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const OWNERS_FILE = 'tools/table-owners.json';
const SCHEMA_FILE = 'packages/db/src/schema.ts';

/** Exported table name (as in schema.ts) -> { sqlName, owner, readers }. */
const tables = Object.assign(
  Object.create(null),
  JSON.parse(fs.readFileSync(path.join(root, OWNERS_FILE), 'utf8')),
);
const tablesBySqlName = new Map(Object.entries(tables).map(([name, table]) => [table.sqlName, name]));

function relativeToRoot(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function zoneOf(file) {
  const rel = relativeToRoot(file);
  const feature = rel.match(/^apps\/web\/src\/features\/([^/]+\/[^/]+)\//);
  if (feature) return { kind: 'feature', name: feature[1] };
  const apiModule = rel.match(/^apps\/api\/src\/modules\/([^/]+)\/(.+)$/);
  if (apiModule) return { kind: 'module', name: apiModule[1], file: apiModule[2] };
  if (/^packages\//.test(rel)) return { kind: 'package', name: rel.split('/')[1] };
  if (/^apps\/web\/src\/(components|lib)\//.test(rel)) return { kind: 'web-shared' };
  if (/^apps\//.test(rel)) return { kind: 'app', name: rel.split('/')[1] };
  return { kind: 'other' };
}

const isTestFile = (file) => /\.test(-support)?\.[cm]?[jt]sx?$/.test(file);
const isRepository = (file) => /\.repository\.[cm]?[jt]sx?$/.test(file);
const withoutExtension = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

const isTypeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type';

/** The names a declaration brings in at runtime: [{ imported, local, node }]; '*' for a namespace. */
function valueSpecifiers(node) {
  if (node.type === 'ImportExpression' || node.type === 'ExportAllDeclaration')
    return [{ imported: '*', local: null, node }];
  if (isTypeOnly(node)) return [];
  return (node.specifiers ?? [])
    .filter((specifier) => !isTypeOnly(specifier))
    .map((specifier) => {
      if (specifier.type === 'ImportNamespaceSpecifier')
        return { imported: '*', local: null, node: specifier };
      if (specifier.type === 'ImportDefaultSpecifier')
        return { imported: 'default', local: specifier.local.name, node: specifier };
      const imported = specifier.type === 'ImportSpecifier' ? specifier.imported : specifier.local;
      const name = imported.type === 'Identifier' ? imported.name : imported.value;
      return {
        imported: name,
        local: specifier.type === 'ImportSpecifier' ? specifier.local.name : null,
        node: specifier,
      };
    });
}

/** Which value imports count as database access outside a repository. */
function databaseAccess(source, imported) {
  if (source === '@comptoir/db/schema' || source === 'drizzle-orm' || source.startsWith('drizzle-orm/'))
    return true;
  return source === '@comptoir/db/client' && (imported === 'queryRows' || imported === '*');
}

// ------------------------------------------------------------------ raw SQL

const SQL_TOKEN =
  /--[^\n]*|\/\*[\s\S]*?\*\/|[eE]?'(?:[^']|'')*'|"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*)|(\S)/g;
// Words that end a from-list item instead of being its alias.
const CLAUSE_WORDS = new Set(
  'where join inner left right full cross natural on using group order limit offset union intersect except having window for returning set values select from'.split(
    ' ',
  ),
);

/** The template's words, quoted identifiers, punctuation and interpolations, each with its source range. */
function tokenize(template, tableOfExpression) {
  const tokens = [];
  template.quasi.quasis.forEach((quasi, index) => {
    // The element's range starts at its opening ` or }.
    const start = quasi.range[0] + 1;
    for (const match of quasi.value.raw.matchAll(SQL_TOKEN)) {
      const range = [start + match.index, start + match.index + match[0].length];
      if (match[1] !== undefined) tokens.push({ kind: 'name', value: match[1].replaceAll('""', '"'), range });
      else if (match[2] !== undefined) tokens.push({ kind: 'word', value: match[2].toLowerCase(), range });
      else if (match[3] !== undefined) tokens.push({ kind: 'punct', value: match[3], range });
    }
    const expression = template.quasi.expressions[index];
    if (expression)
      tokens.push({ kind: 'expr', table: tableOfExpression(expression), range: expression.range });
  });
  return tokens;
}

const isWord = (token, ...words) =>
  token?.kind === 'word' && (words.length === 0 || words.includes(token.value));
const isPunct = (token, value) => token?.kind === 'punct' && token.value === value;
const isName = (token) => token?.kind === 'name' || token?.kind === 'word';

function skipParentheses(tokens, i) {
  if (!isPunct(tokens[i], '(')) return i;
  for (let depth = 0; i < tokens.length; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    if (isPunct(tokens[i], ')') && --depth === 0) return i + 1;
  }
  return i;
}

/** Names defined by `with [recursive] name [(columns)] as [not] [materialized] (`: CTEs, not tables. */
function cteNames(tokens) {
  const names = new Set();
  tokens.forEach((token, i) => {
    if (!isName(token)) return;
    let j = skipParentheses(tokens, i + 1);
    if (!isWord(tokens[j++], 'as')) return;
    if (isWord(tokens[j], 'not')) j++;
    if (isWord(tokens[j], 'materialized')) j++;
    if (isPunct(tokens[j], '(')) names.add(token.value);
  });
  return names;
}

/** The table reference at i (skipping lateral/only and, for from/join, opening parentheses). */
function tableReference(tokens, i, skipOpening) {
  while (isWord(tokens[i], 'lateral', 'only') || (skipOpening && isPunct(tokens[i], '('))) i++;
  const token = tokens[i];
  if (token?.kind === 'expr') return { table: token.table, token, end: i + 1 };
  if (!isName(token)) return null;
  // schema.table: the last part names the table.
  let last = token;
  while (isPunct(tokens[i + 1], '.') && isName(tokens[i + 2])) last = tokens[(i += 2)];
  const table = tablesBySqlName.get(last.value) ?? null;
  return { table, token: last, end: i + 1, plain: true };
}

/** The references of a from-list: `from a x, b as y, f(1) z` -> a, b, f. */
function fromList(tokens, i) {
  const references = [];
  for (;;) {
    const reference = tableReference(tokens, i, true);
    if (!reference) return references;
    references.push(reference);
    if (!reference.plain) return references;
    let j = skipParentheses(tokens, reference.end);
    if (isWord(tokens[j], 'as')) j++;
    if (isName(tokens[j]) && !(tokens[j].kind === 'word' && CLAUSE_WORDS.has(tokens[j].value))) j++;
    j = skipParentheses(tokens, j);
    if (!isPunct(tokens[j], ',')) return references;
    i = j + 1;
  }
}

/** Every table the SQL text reads or writes: [{ table, write, range }], tables named in the map only. */
function tablesOfSql(tokens) {
  const ctes = cteNames(tokens);
  const found = [];
  const add = (references, write) => {
    for (const reference of references) {
      if (!reference?.table) continue;
      if (!write && reference.plain && ctes.has(reference.token.value)) continue;
      found.push({ table: reference.table, write, range: reference.token.range });
    }
  };
  tokens.forEach((token, i) => {
    if (token.kind !== 'word') return;
    const previous = tokens[i - 1];
    switch (token.value) {
      case 'into':
        add([tableReference(tokens, i + 1, false)], true);
        break;
      case 'update':
        // `on conflict do update`, `for update`, `on update cascade` name no table.
        if (!isWord(previous, 'do', 'for', 'on')) add([tableReference(tokens, i + 1, false)], true);
        break;
      case 'lock':
      case 'truncate':
        add(fromList(tokens, isWord(tokens[i + 1], 'table') ? i + 2 : i + 1), true);
        break;
      case 'from':
        if (isWord(previous, 'delete')) add([tableReference(tokens, i + 1, false)], true);
        else if (!isWord(previous, 'distinct')) add(fromList(tokens, i + 1), false);
        break;
      case 'join':
        add([tableReference(tokens, i + 1, true)], false);
        break;
      case 'using':
        add([tableReference(tokens, i + 1, false)], false);
        break;
    }
  });
  return found;
}

// ------------------------------------------------------------------ the rule

const messages = {
  forbidden: '{{reason}}',
  crossModule:
    'Module {{from}} must not import {{target}} of module {{to}}: call the {{to}} service ({{to}}/{{to}}.service.ts) instead.',
  databaseAccess:
    '{{file}} must not import {{names}} from {{source}}: in module {{module}} only *.repository.ts files access the database. Move the query to {{module}}.repository.ts (type imports are fine).',
  namespaceImport:
    'Import tables from @comptoir/db/schema by name, so that their owners in tools/table-owners.json can be checked.',
  unknownTable:
    'Table {{table}} is not in tools/table-owners.json: add it there with its owner module and readers.',
  staleTable:
    'tools/table-owners.json lists table {{table}}, which {{schema}} does not export: remove it or fix its name.',
  wrongSqlName:
    'tools/table-owners.json gives table {{table}} the SQL name {{listed}}, but its name is {{actual}}.',
  tableRead:
    'Module {{module}} neither owns nor reads table {{table}} (owner: {{owner}}): call the {{owner}} service instead, or add {{module}} to the readers of {{table}} in tools/table-owners.json.',
  tableWrite:
    'Module {{module}} must not write table {{table}}: only its owner {{owner}} does. Call the {{owner}} service instead.',
};

/** The tables a schema part re-exported by schema.ts (`export * from './schema-…'`) declares. */
function tablesOfSchemaPart(source) {
  const file = path.join(root, path.dirname(SCHEMA_FILE), `${source.replace(/^\.\//, '')}.ts`);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return [...text.matchAll(/export const (\w+) = \w+Table\(/g)].map((match) => match[1]);
}

/** schema.ts, and the parts of it it re-exports (packages/db/src/schema-*.ts). */
const isSchemaFile = (rel) => rel === SCHEMA_FILE || /^packages\/db\/src\/schema-[\w-]+\.ts$/.test(rel);

function checkSchema(context) {
  const exported = new Set();
  const whole = relativeToRoot(context.filename) === SCHEMA_FILE;
  return {
    ExportAllDeclaration(node) {
      const source = node.source.value;
      if (typeof source === 'string' && source.startsWith('./schema-'))
        for (const name of tablesOfSchemaPart(source)) exported.add(name);
    },
    'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'(node) {
      const call = node.init;
      if (node.id.type !== 'Identifier' || call?.type !== 'CallExpression') return;
      if (call.callee.type !== 'Identifier' || !/Table$/.test(call.callee.name)) return;
      const name = node.id.name;
      const sqlName = call.arguments[0]?.type === 'Literal' ? call.arguments[0].value : null;
      exported.add(name);
      const listed = tables[name];
      if (!listed) context.report({ node: node.id, messageId: 'unknownTable', data: { table: name } });
      else if (typeof sqlName === 'string' && listed.sqlName !== sqlName)
        context.report({
          node: node.id,
          messageId: 'wrongSqlName',
          data: { table: name, listed: listed.sqlName, actual: sqlName },
        });
    },
    'Program:exit'(program) {
      if (!whole) return;
      for (const name of Object.keys(tables))
        if (!exported.has(name))
          context.report({
            node: program,
            messageId: 'staleTable',
            data: { table: name, schema: SCHEMA_FILE },
          });
    },
  };
}

/** Web features and shared code: the checks that predate the API modules. */
function checkLayers(context, from) {
  return (node) => {
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
  };
}

/** A file of apps/api/src/modules/<module>/: cross-module imports, database access, table ownership. */
function checkModule(context, from) {
  const moduleName = from.name;
  const fileName = path.basename(from.file);
  // Tests set data up directly; they still go through other modules' services (or test factories).
  const isTest = isTestFile(fileName);
  const repository = isRepository(fileName);
  /** Local identifier -> exported table name, for the tables this file imports. */
  const importedTables = new Map();

  const ownerOf = (name) => tables[name].owner;
  const canRead = (name) => ownerOf(name) === moduleName || tables[name].readers.includes(moduleName);
  const tableLabel = (name) => (tables[name].sqlName === name ? name : `${name} (${tables[name].sqlName})`);
  const reportTable = (messageId, where, name) =>
    context.report({
      ...where,
      messageId,
      data: { module: moduleName, table: tableLabel(name), owner: ownerOf(name) },
    });

  function crossModule(node, spec) {
    if (!spec.startsWith('.')) return;
    const to = zoneOf(path.resolve(path.dirname(context.filename), spec));
    if (to.kind !== 'module' || to.name === from.name) return;
    const target = withoutExtension(to.file);
    if (/\.service$/.test(target)) return;
    if (isTest && /\.test-support$/.test(target)) return;
    context.report({
      node,
      messageId: 'crossModule',
      data: { from: from.name, to: to.name, target: `${to.name}/${target}` },
    });
  }

  function databaseImports(node, source) {
    const specifiers = valueSpecifiers(node);
    if (!repository) {
      const names = specifiers.filter((s) => databaseAccess(source, s.imported)).map((s) => s.imported);
      if (names.length > 0)
        context.report({
          node,
          messageId: 'databaseAccess',
          data: { file: fileName, names: names.join(', '), source, module: moduleName },
        });
    }
    if (source !== '@comptoir/db/schema') return;
    for (const specifier of specifiers) {
      if (specifier.imported === '*') context.report({ node: specifier.node, messageId: 'namespaceImport' });
      else if (!tables[specifier.imported])
        context.report({
          node: specifier.node,
          messageId: 'unknownTable',
          data: { table: specifier.imported },
        });
      else {
        if (specifier.local) importedTables.set(specifier.local, specifier.imported);
        // Outside repositories the import itself is already reported above.
        if (repository && !canRead(specifier.imported))
          reportTable('tableRead', { node: specifier.node }, specifier.imported);
      }
    }
  }

  function check(node) {
    const spec = node.source && node.source.value;
    if (typeof spec !== 'string') return;
    crossModule(node, spec);
    if (!isTest) databaseImports(node, spec);
  }

  const visitor = {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
  if (isTest) return visitor;
  return {
    ...visitor,
    // db.insert(table), db.update(table), db.delete(table)
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
        return;
      if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
      const argument = node.arguments[0];
      const name = argument?.type === 'Identifier' ? importedTables.get(argument.name) : undefined;
      if (name && ownerOf(name) !== moduleName) reportTable('tableWrite', { node: argument }, name);
    },
    TaggedTemplateExpression(node) {
      if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
      const tableOf = (expression) =>
        expression.type === 'Identifier' ? (importedTables.get(expression.name) ?? null) : null;
      for (const { table, write, range } of tablesOfSql(tokenize(node, tableOf))) {
        if (write ? ownerOf(table) === moduleName : canRead(table)) continue;
        const loc = {
          start: context.sourceCode.getLocFromIndex(range[0]),
          end: context.sourceCode.getLocFromIndex(range[1]),
        };
        reportTable(write ? 'tableWrite' : 'tableRead', { loc }, table);
      }
    },
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], messages },
  create(context) {
    const from = zoneOf(context.filename);
    if (from.kind === 'module') return checkModule(context, from);
    const check = checkLayers(context, from);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      ...(isSchemaFile(relativeToRoot(context.filename)) ? checkSchema(context) : {}),
    };
  },
};

export default { rules: { boundaries: rule } };
