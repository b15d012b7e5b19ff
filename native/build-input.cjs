// The folder of a package binding.gyp compiles from (the tree-sitter runtime, the
// grammars): devDependencies, present in a checkout. An installed review-guard
// ships prebuilt bindings and builds from source only when none fits the
// platform; then these packages must be installed first, which this says.
const path = require('node:path');

const name = process.argv[2];
try {
  process.stdout.write(path.dirname(require.resolve(`${name}/package.json`)));
} catch {
  // The versions the package was built and tested with: its own devDependencies.
  const { devDependencies } = require('../package.json');
  const inputs = Object.entries(devDependencies)
    .filter(([input]) => input === 'tree-sitter' || input.startsWith('tree-sitter-'))
    .map(([input, version]) => `${input}@${version}`)
    .join(' ');
  process.stderr.write(
    `review-guard has no prebuilt syntax binding for ${process.platform}-${process.arch}, and building it needs ${name}: ` +
      `install the build inputs (npm i -D ${inputs}), a C compiler, make and python3, then run \`npm rebuild review-guard\`.\n`,
  );
  process.exit(1);
}
