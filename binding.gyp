{
  # The syntax binding (native/syntax.c) with the tree-sitter runtime that the
  # `tree-sitter` package vendors (the same runtime version the grammars were
  # built for) and the grammars compiled in from the grammar packages'
  # generated sources: one native module, so a consumer installs no grammar
  # package (their sources and prebuilds for every platform are ~56 MB). The
  # packages are build-time inputs (devDependencies); native/build-input.cjs
  # finds each, or says what to install when a source build lacks them.
  "variables": {
    "tree_sitter_lib": "<!(node native/build-input.cjs tree-sitter)/vendor/tree-sitter/lib",
    "typescript_dir": "<!(node native/build-input.cjs tree-sitter-typescript)",
    "javascript_dir": "<!(node native/build-input.cjs tree-sitter-javascript)",
    "python_dir": "<!(node native/build-input.cjs tree-sitter-python)",
    "go_dir": "<!(node native/build-input.cjs tree-sitter-go)"
  },
  "target_defaults": {
    "cflags_c": ["-std=c11"],
    "xcode_settings": { "OTHER_CFLAGS": ["-std=c11"] },
    "msvs_settings": { "VCCLCompilerTool": { "AdditionalOptions": ["/utf-8"] } }
  },
  "targets": [
    {
      "target_name": "review_guard_syntax",
      "sources": ["native/syntax.c", "native/tree-sitter-runtime.c"],
      "include_dirs": ["<(tree_sitter_lib)/include", "<(tree_sitter_lib)"],
      "defines": ["NAPI_VERSION=8"],
      "dependencies": ["grammar_typescript", "grammar_tsx", "grammar_javascript", "grammar_python", "grammar_go"]
    },
    # One library per grammar package: each grammar's sources include their own
    # headers by relative path, so each needs only its own package on the include path.
    {
      "target_name": "grammar_typescript",
      "type": "static_library",
      "sources": ["native/grammars/typescript-parser.c", "native/grammars/typescript-scanner.c"],
      # The shared common/scanner.h includes tree_sitter/parser.h from the dialect's src/.
      "include_dirs": ["<(typescript_dir)", "<(typescript_dir)/typescript/src"]
    },
    {
      "target_name": "grammar_tsx",
      "type": "static_library",
      "sources": ["native/grammars/tsx-parser.c", "native/grammars/tsx-scanner.c"],
      "include_dirs": ["<(typescript_dir)", "<(typescript_dir)/tsx/src"]
    },
    {
      "target_name": "grammar_javascript",
      "type": "static_library",
      "sources": ["native/grammars/javascript-parser.c", "native/grammars/javascript-scanner.c"],
      "include_dirs": ["<(javascript_dir)"]
    },
    {
      "target_name": "grammar_python",
      "type": "static_library",
      "sources": ["native/grammars/python-parser.c", "native/grammars/python-scanner.c"],
      "include_dirs": ["<(python_dir)"]
    },
    {
      "target_name": "grammar_go",
      "type": "static_library",
      "sources": ["native/grammars/go-parser.c"],
      "include_dirs": ["<(go_dir)"]
    }
  ]
}
