// Copies the SVG icons and the codex files next to the compiled nodes, where n8n looks for them.
const { src, dest, parallel } = require('gulp');

function icons() {
  return src('icons/*.svg').pipe(dest('dist/icons'));
}
function codex() {
  return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}
exports['build:icons'] = parallel(icons, codex);
exports.default = exports['build:icons'];
