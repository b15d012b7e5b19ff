/* The typescript grammar's generated parser, from tree-sitter-typescript (binding.gyp puts the package root on the include path). */
#include "typescript/src/parser.c"
