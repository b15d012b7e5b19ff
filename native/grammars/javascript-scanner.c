/* The javascript grammar's generated scanner, from tree-sitter-javascript (binding.gyp puts the package root on the include path). */
#include "src/scanner.c"
