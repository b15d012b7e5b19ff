/* The javascript grammar's generated parser, from tree-sitter-javascript (binding.gyp puts the package root on the include path). */
#include "src/parser.c"
