/* The go grammar's generated parser, from tree-sitter-go (binding.gyp puts the package root on the include path). */
#include "src/parser.c"
