// The layering rule (VS Code style): inner layers never import outer ones. This is an allow-list:
// a dependency that no `allowed` rule names is an error ("not-in-allowed"). The `forbidden` rules
// only give the common mistakes a message of their own.
//
// engine/    pure TypeScript: itself, boardgame.io and a few pure libraries
// app/       Node and Electron: itself, the engine, Node built-ins, any npm package but UI ones
// renderer/  the browser: itself, UI libraries, the engine's protocol (values) and public entry (types only)
// fixtures/  boardgame.io's public API and files of their own folder
const TEST = '(\\.test\\.tsx?$|/testing/|^(scripts|bench)/)';
const ENGINE_PACKAGES =
  '(^|/)node_modules/(boardgame\\.io|bgio-0\\.[0-9]+|xstate|zod|semver|jsondiffpatch|@babel/parser|@babel/types|magic-string)/';
const RENDERER_PACKAGES = '(^|/)node_modules/(react|react-dom|reactflow|@reactflow/[^/]+|elkjs|html-to-image|jsondiffpatch|zod|scheduler)/';
const UI_PACKAGES = '(^|/)node_modules/(react|react-dom|reactflow|@reactflow/[^/]+|@xyflow/[^/]+|elkjs|html-to-image)/';
const PROTOCOL = '^engine/(host/protocol\\.ts$|protocol/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed: [
    { from: { path: '^engine/' }, to: { path: '^engine/' } },
    { from: { path: '^engine/' }, to: { path: ENGINE_PACKAGES } },

    { from: { path: '^app/' }, to: { path: '^(app|engine)/' } },
    { from: { path: '^app/' }, to: { dependencyTypes: ['core'] } },
    { from: { path: '^app/' }, to: { path: '(^|/)node_modules/', pathNot: UI_PACKAGES } },

    { from: { path: '^renderer/' }, to: { path: '^renderer/' } },
    { from: { path: '^renderer/' }, to: { path: RENDERER_PACKAGES } },
    { from: { path: '^renderer/' }, to: { path: PROTOCOL } },
    { from: { path: '^renderer/' }, to: { path: '^engine/index\\.ts$', dependencyTypes: ['type-only'] } },

    { from: { path: '^fixtures/([^/]+)/' }, to: { path: '^fixtures/$1/' } },
    { from: { path: '^fixtures/' }, to: { path: '(^|/)node_modules/(boardgame\\.io|bgio-0\\.[0-9]+)/' } },

    // Tests, test harnesses, scripts and benchmarks may reach anything.
    { from: { path: TEST }, to: {} },
  ],
  allowedSeverity: 'error',

  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'The engine runs anywhere: no Node built-ins, Electron, DOM or UI libraries, no app or renderer code.',
      severity: 'error',
      from: { path: '^engine/', pathNot: TEST },
      to: {
        path: '^(app|renderer|fixtures)/|(^|/)node_modules/(electron|ws|react|react-dom|reactflow|elkjs|chokidar|esbuild|tsx)/',
      },
    },
    {
      name: 'engine-no-node',
      severity: 'error',
      from: { path: '^engine/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-node',
      comment: 'The renderer is a web page: no Node built-ins, Electron or app code.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-app',
      severity: 'error',
      from: { path: '^renderer/', pathNot: TEST },
      to: { path: '^(app/|(^|/)node_modules/(electron|ws|chokidar|esbuild)/)' },
    },
    {
      name: 'renderer-through-protocol',
      comment: 'The renderer reaches the engine through its protocol; the public entry only for types.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: TEST },
      to: { path: '^engine/', pathNot: `${PROTOCOL}|^engine/index\\.ts$` },
    },
    {
      name: 'renderer-engine-values',
      comment: 'Importing a value (a class such as Session) from the engine entry would bundle the engine into the page.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: TEST },
      to: { path: '^engine/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'app-no-renderer',
      comment: 'The main process never runs UI code (browser tests may check the UI with its own pure helpers).',
      severity: 'error',
      from: { path: '^app/', pathNot: TEST },
      to: { path: '^renderer/' },
    },
    {
      name: 'unresolvable-import',
      comment: 'An import that cannot be resolved, including a computed or template-literal import(), hides a dependency from this check.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { couldNotResolve: true },
    },
    {
      name: 'exotic-import',
      comment: 'A dynamic import with a computed specifier hides a dependency from this check.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { exoticallyRequired: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that import each other are one concept split in two, or a missing lower layer.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(engine|app|renderer)/', pathNot: TEST },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach anything, so they are left out: folder cycles are about the product's own code.
    exclude: { path: '(^|/)(dist|dist-electron|test-output|node_modules/\\.cache)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
