/* The tsx grammar's generated parser, from tree-sitter-typescript (binding.gyp puts the package root on the include path). */
#include "tsx/src/parser.c"
