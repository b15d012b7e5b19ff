/*
 * The tree-sitter runtime, compiled into the syntax binding from the sources
 * the `tree-sitter` package vendors (binding.gyp puts them on the include
 * path): the same runtime version the grammar packages are built for.
 */
#include "src/lib.c"
