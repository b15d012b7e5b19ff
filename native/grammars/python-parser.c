/* The python grammar's generated parser, from tree-sitter-python (binding.gyp puts the package root on the include path). */
#include "src/parser.c"
