/* The python grammar's generated scanner, from tree-sitter-python (binding.gyp puts the package root on the include path). */
#include "src/scanner.c"
