{
  # The syntax binding (native/syntax.c) with the tree-sitter runtime that the
  # `tree-sitter` package vendors (the same runtime version the grammars were
  # built for); grammars themselves come prebuilt with their packages.
  "variables": {
    "tree_sitter_lib": "<!(node -p \"require('path').join(require('path').dirname(require.resolve('tree-sitter/package.json')), 'vendor', 'tree-sitter', 'lib')\")"
  },
  "targets": [
    {
      "target_name": "review_guard_syntax",
      "sources": ["native/syntax.c", "native/tree-sitter-runtime.c"],
      "include_dirs": ["<(tree_sitter_lib)/include", "<(tree_sitter_lib)"],
      "cflags_c": ["-std=c11"],
      "defines": ["NAPI_VERSION=8"],
      "xcode_settings": { "OTHER_CFLAGS": ["-std=c11"] }
    }
  ]
}
