/* The typescript grammar's generated scanner, from tree-sitter-typescript (binding.gyp puts the package root on the include path). */
#include "typescript/src/scanner.c"
