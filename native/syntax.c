/*
 * review-guard's syntax binding: parses a text with a tree-sitter grammar
 * and returns the whole tree at once, flattened into one buffer of node
 * columns (see syntax/native.ts for the layout). Reading a tree node by
 * node through a general-purpose binding costs a call into native code per
 * cursor step and per offset; here the walk runs in C and JavaScript reads
 * arrays. The C tree is freed before returning: nothing native outlives a
 * call except parsers.
 *
 * Grammars are compiled in from the tree-sitter grammar packages' generated
 * sources (binding.gyp); `grammar(name)` hands one out as those packages'
 * bindings do: `{ language: External }` holding the TSLanguage, tagged with
 * their type tag, so a grammar package's own export is accepted too.
 */
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

/* "tree-sitter", "language" hashed with BLAKE2: the tag grammar bindings put on their language External. */
static const napi_type_tag LANGUAGE_TYPE_TAG = {0x8AF2E5212AD58ABF, 0xD5006CAD83ABBA16};
/* Tags the parsers this binding makes, so `parse` never takes another External (a grammar's) for one. */
static const napi_type_tag PARSER_TYPE_TAG = {0x3C51A0E99B4F7D21, 0x9E0F6B2D57C8A413};

/* Node columns, each `count` int32 long, in this order (syntax/native.ts reads the same order). */
enum { COL_START, COL_END, COL_START_ROW, COL_END_ROW, COL_PARENT, COL_SUBTREE_END, COL_TYPE_FIELD, COL_FLAGS, COLUMNS };
enum { FLAG_NAMED = 1, FLAG_MISSING = 2, FLAG_HAS_ERROR = 4 };

#define CHECK(call)                                                        \
  do {                                                                     \
    if ((call) != napi_ok) {                                               \
      napi_throw_error(env, "REVIEW_GUARD_SYNTAX", "native call failed: " #call); \
      return NULL;                                                         \
    }                                                                      \
  } while (0)

static napi_value throw_type_error(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

/* The first `count` arguments into `argv`; false after throwing `usage` when fewer were passed. */
static bool get_args(napi_env env, napi_callback_info info, size_t count, napi_value *argv, const char *usage) {
  size_t argc = count;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) {
    napi_throw_error(env, "REVIEW_GUARD_SYNTAX", "native call failed: napi_get_cb_info");
    return false;
  }
  if (argc < count) {
    throw_type_error(env, usage);
    return false;
  }
  return true;
}

/* The grammars compiled into this binding (their packages' generated parser.c). */
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
const TSLanguage *tree_sitter_javascript(void);
const TSLanguage *tree_sitter_python(void);
const TSLanguage *tree_sitter_go(void);

static const struct {
  const char *name;
  const TSLanguage *(*language)(void);
} GRAMMARS[] = {
    {"typescript", tree_sitter_typescript}, {"tsx", tree_sitter_tsx}, {"javascript", tree_sitter_javascript},
    {"python", tree_sitter_python},         {"go", tree_sitter_go},
};

/* grammar(name) → { language: External } for a compiled-in grammar, or throws naming the known ones. */
static napi_value grammar(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!get_args(env, info, 1, argv, "grammar(name): name missing")) return NULL;
  char name[32];
  size_t length = 0;
  if (napi_get_value_string_utf8(env, argv[0], name, sizeof(name), &length) != napi_ok) {
    return throw_type_error(env, "grammar(name): name must be a string");
  }
  for (size_t i = 0; i < sizeof(GRAMMARS) / sizeof(GRAMMARS[0]); i++) {
    if (strcmp(name, GRAMMARS[i].name) != 0) continue;
    napi_value external, result;
    /* The TSLanguage is static data of the grammar: nothing to finalize. */
    CHECK(napi_create_external(env, (void *)GRAMMARS[i].language(), NULL, NULL, &external));
    CHECK(napi_type_tag_object(env, external, &LANGUAGE_TYPE_TAG));
    CHECK(napi_create_object(env, &result));
    CHECK(napi_set_named_property(env, result, "language", external));
    return result;
  }
  napi_throw_range_error(env, NULL, "grammar(name): no such grammar in this binding (typescript, tsx, javascript, python, go)");
  return NULL;
}

/* The TSLanguage of a grammar export (`{ language: External }` or the External itself), or NULL after throwing. */
static const TSLanguage *unwrap_language(napi_env env, napi_value value) {
  napi_valuetype type;
  if (napi_typeof(env, value, &type) != napi_ok) return NULL;
  if (type == napi_object) {
    if (napi_get_named_property(env, value, "language", &value) != napi_ok) return NULL;
    if (napi_typeof(env, value, &type) != napi_ok) return NULL;
  }
  bool tagged = false;
  if (type != napi_external || napi_check_object_type_tag(env, value, &LANGUAGE_TYPE_TAG, &tagged) != napi_ok || !tagged) {
    throw_type_error(env, "not a tree-sitter grammar: expected the export of a tree-sitter grammar package");
    return NULL;
  }
  void *data = NULL;
  if (napi_get_value_external(env, value, &data) != napi_ok || data == NULL) {
    throw_type_error(env, "the grammar's language is empty");
    return NULL;
  }
  const TSLanguage *language = data;
  uint32_t version = ts_language_version(language);
  if (version < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || version > TREE_SITTER_LANGUAGE_VERSION) {
    napi_throw_range_error(env, NULL, "the grammar was generated for another tree-sitter version than this binding's runtime");
    return NULL;
  }
  return language;
}

/* languageInfo(grammar) → { symbols: (string|null)[], fields: (string|null)[] } */
static napi_value language_info(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!get_args(env, info, 1, argv, "languageInfo(grammar): grammar missing")) return NULL;
  const TSLanguage *language = unwrap_language(env, argv[0]);
  if (language == NULL) return NULL;

  napi_value result, symbols, fields, nothing;
  CHECK(napi_create_object(env, &result));
  CHECK(napi_get_null(env, &nothing));
  uint32_t symbol_count = ts_language_symbol_count(language);
  CHECK(napi_create_array_with_length(env, symbol_count, &symbols));
  for (uint32_t i = 0; i < symbol_count; i++) {
    const char *name = ts_language_symbol_name(language, (TSSymbol)i);
    napi_value value = nothing;
    if (name != NULL) CHECK(napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value));
    CHECK(napi_set_element(env, symbols, i, value));
  }
  uint32_t field_count = ts_language_field_count(language);
  CHECK(napi_create_array_with_length(env, field_count + 1, &fields));
  for (uint32_t i = 0; i <= field_count; i++) {
    const char *name = i == 0 ? NULL : ts_language_field_name_for_id(language, (TSFieldId)i);
    napi_value value = nothing;
    if (name != NULL) CHECK(napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &value));
    CHECK(napi_set_element(env, fields, i, value));
  }
  CHECK(napi_set_named_property(env, result, "symbols", symbols));
  CHECK(napi_set_named_property(env, result, "fields", fields));
  return result;
}

static void delete_parser(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  ts_parser_delete(data);
}

/* createParser(grammar) → External<TSParser> */
static napi_value create_parser(napi_env env, napi_callback_info info) {
  napi_value argv[1];
  if (!get_args(env, info, 1, argv, "createParser(grammar): grammar missing")) return NULL;
  const TSLanguage *language = unwrap_language(env, argv[0]);
  if (language == NULL) return NULL;
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, language)) {
    ts_parser_delete(parser);
    napi_throw_error(env, NULL, "tree-sitter refused the grammar");
    return NULL;
  }
  napi_value result;
  if (napi_create_external(env, parser, delete_parser, NULL, &result) != napi_ok) {
    ts_parser_delete(parser);
    napi_throw_error(env, NULL, "could not wrap the parser");
    return NULL;
  }
  CHECK(napi_type_tag_object(env, result, &PARSER_TYPE_TAG));
  return result;
}

/* Fills the columns of `tree` in pre-order; returns the number of nodes written (at most `capacity`). */
static uint32_t flatten(TSTree *tree, int32_t *columns, uint32_t capacity) {
  int32_t *start = columns + COL_START * capacity;
  int32_t *end = columns + COL_END * capacity;
  int32_t *start_row = columns + COL_START_ROW * capacity;
  int32_t *end_row = columns + COL_END_ROW * capacity;
  int32_t *parent = columns + COL_PARENT * capacity;
  int32_t *subtree_end = columns + COL_SUBTREE_END * capacity;
  int32_t *type_field = columns + COL_TYPE_FIELD * capacity;
  int32_t *flags = columns + COL_FLAGS * capacity;

  TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
  uint32_t i = 0;
  int32_t open = -1; /* the parent of the cursor's node */
  for (;;) {
    if (i == capacity) break;
    TSNode node = ts_tree_cursor_current_node(&cursor);
    TSPoint start_point = ts_node_start_point(node);
    TSPoint end_point = ts_node_end_point(node);
    /* UTF-16 input: byte offsets are twice the string indexes. */
    start[i] = (int32_t)(ts_node_start_byte(node) / 2);
    end[i] = (int32_t)(ts_node_end_byte(node) / 2);
    start_row[i] = (int32_t)start_point.row;
    end_row[i] = (int32_t)end_point.row;
    parent[i] = open;
    type_field[i] = (int32_t)(((uint32_t)ts_tree_cursor_current_field_id(&cursor) << 16) | ts_node_symbol(node));
    flags[i] = (ts_node_is_named(node) ? FLAG_NAMED : 0) | (ts_node_is_missing(node) ? FLAG_MISSING : 0) |
               (ts_node_has_error(node) ? FLAG_HAS_ERROR : 0);
    if (ts_tree_cursor_goto_first_child(&cursor)) {
      open = (int32_t)i++;
      continue;
    }
    subtree_end[i] = (int32_t)(i + 1);
    i++;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        ts_tree_cursor_delete(&cursor);
        return i;
      }
      subtree_end[open] = (int32_t)i;
      open = parent[open];
    }
  }
  ts_tree_cursor_delete(&cursor);
  return i;
}

/* parse(parser, text) → { count, columns: ArrayBuffer of COLUMNS × count int32 } */
static napi_value parse(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!get_args(env, info, 2, argv, "parse(parser, text): arguments missing")) return NULL;
  TSParser *parser = NULL;
  napi_valuetype type;
  CHECK(napi_typeof(env, argv[0], &type));
  bool tagged = false;
  if (type == napi_external) CHECK(napi_check_object_type_tag(env, argv[0], &PARSER_TYPE_TAG, &tagged));
  if (!tagged) return throw_type_error(env, "parse: the first argument is not a parser from createParser");
  CHECK(napi_get_value_external(env, argv[0], (void **)&parser));
  CHECK(napi_typeof(env, argv[1], &type));
  if (type != napi_string) return throw_type_error(env, "parse: the text is not a string");

  size_t length = 0;
  CHECK(napi_get_value_string_utf16(env, argv[1], NULL, 0, &length));
  char16_t *text = malloc((length + 1) * sizeof(char16_t));
  if (text == NULL) {
    napi_throw_error(env, NULL, "out of memory reading the text");
    return NULL;
  }
  if (napi_get_value_string_utf16(env, argv[1], text, length + 1, &length) != napi_ok) {
    free(text);
    napi_throw_error(env, NULL, "could not read the text");
    return NULL;
  }
  TSTree *tree = ts_parser_parse_string_encoding(parser, NULL, (const char *)text, (uint32_t)(length * sizeof(char16_t)), TSInputEncodingUTF16);
  free(text);
  if (tree == NULL) {
    napi_throw_error(env, NULL, "tree-sitter could not parse the text");
    return NULL;
  }

  uint32_t capacity = ts_node_descendant_count(ts_tree_root_node(tree));
  void *data = NULL;
  napi_value buffer;
  if (napi_create_arraybuffer(env, (size_t)capacity * COLUMNS * sizeof(int32_t), &data, &buffer) != napi_ok) {
    ts_tree_delete(tree);
    napi_throw_error(env, NULL, "out of memory for the syntax tree");
    return NULL;
  }
  uint32_t count = flatten(tree, data, capacity);
  ts_tree_delete(tree);
  /* The walk visits exactly the nodes tree-sitter counts; anything else would leave columns unfilled. */
  if (count != capacity) {
    napi_throw_error(env, NULL, "the syntax tree was not flattened whole (node count mismatch)");
    return NULL;
  }

  napi_value result, count_value;
  CHECK(napi_create_object(env, &result));
  CHECK(napi_create_uint32(env, count, &count_value));
  CHECK(napi_set_named_property(env, result, "count", count_value));
  CHECK(napi_set_named_property(env, result, "columns", buffer));
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor properties[] = {
      {"grammar", NULL, grammar, NULL, NULL, NULL, napi_enumerable, NULL},
      {"languageInfo", NULL, language_info, NULL, NULL, NULL, napi_enumerable, NULL},
      {"createParser", NULL, create_parser, NULL, NULL, NULL, napi_enumerable, NULL},
      {"parse", NULL, parse, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  CHECK(napi_define_properties(env, exports, sizeof(properties) / sizeof(properties[0]), properties));
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
