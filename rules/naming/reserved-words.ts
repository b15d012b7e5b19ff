/**
 * @fileoverview Names a rename must not propose, per language: words the
 * grammar reserves (a rename to `class` does not compile), and the names
 * the language predeclares (`undefined`, Python's `list`, Go's `new`), which
 * a binding would shadow. Members are looked up on an object, so only the
 * words the grammar forbids there count for them.
 */
import type { DeclarationKind, LanguageId } from '../../syntax/index.js';

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/** What one language reserves for which declarations. */
interface Reserved {
  /** Never a declared name, of any kind. */
  readonly everywhere: ReadonlySet<string>;
  /** Not a lexical binding (a function, variable, parameter, type), but fine as a member. */
  readonly bindings: ReadonlySet<string>;
  /** Not the name of a type (TypeScript: `class string` is an error). */
  readonly types: ReadonlySet<string>;
}

// ECMAScript reserved words, the strict-mode and module ones (`let`, `static`, `await`, …) and the
// names strict code cannot bind (`arguments`, `eval`). Members may use all of them (`obj.delete()`).
const ECMASCRIPT_KEYWORDS = words(`
  break case catch class const continue debugger default delete do else enum export extends false finally for
  function if import in instanceof new null return super switch this throw true try typeof var void while with yield
  implements interface let package private protected public static await arguments eval`);
// The global object's values and constructors: a binding of one of these shadows it.
const ECMASCRIPT_GLOBALS = words(`
  undefined NaN Infinity globalThis Object Function Array Number Boolean String Symbol BigInt Math JSON Date RegExp
  Error AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError Map Set WeakMap WeakSet
  WeakRef FinalizationRegistry Promise Proxy Reflect ArrayBuffer SharedArrayBuffer DataView Atomics Int8Array
  Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array
  BigInt64Array BigUint64Array Intl parseInt parseFloat isNaN isFinite decodeURI decodeURIComponent encodeURI
  encodeURIComponent`);
const ECMASCRIPT: Reserved = {
  everywhere: new Set(),
  bindings: new Set([...ECMASCRIPT_KEYWORDS, ...ECMASCRIPT_GLOBALS]),
  types: words('any unknown never string number boolean symbol bigint object void undefined null'),
};

// Keywords and soft keywords (`match`, `case`, `type`, `_`) — an attribute cannot be a keyword either
// (`self.class`); the builtins a module or local name would shadow (flake8-builtins' list).
const PYTHON: Reserved = {
  everywhere: words(`
    False None True and as assert async await break class continue def del elif else except finally for from
    global if import in is lambda nonlocal not or pass raise return try while with yield match case type _`),
  bindings: words(`
    abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex
    copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals
    hasattr hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next
    object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str
    sum super tuple vars zip Ellipsis NotImplemented
    ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError
    BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError
    ConnectionResetError DeprecationWarning EOFError EncodingWarning EnvironmentError Exception ExceptionGroup
    FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ImportError
    ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt
    LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError OSError
    OverflowError PendingDeprecationWarning PermissionError ProcessLookupError RecursionError ReferenceError
    ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError SyntaxWarning
    SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError
    UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError`),
  types: new Set(),
};

// Keywords; the predeclared types, constants, zero value and builtin functions (a method or field may reuse those).
const GO: Reserved = {
  everywhere: words(`
    break case chan const continue default defer else fallthrough for func go goto if import interface map package
    range return select struct switch type var`),
  bindings: words(`
    any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint
    uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make
    max min new panic print println real recover`),
  types: new Set(),
};

const RESERVED: Readonly<Record<LanguageId, Reserved>> = {
  typescript: ECMASCRIPT,
  tsx: ECMASCRIPT,
  javascript: ECMASCRIPT,
  python: PYTHON,
  go: GO,
};

const MEMBERS: ReadonlySet<DeclarationKind> = new Set(['method', 'property', 'enumMember']);
const TYPES: ReadonlySet<DeclarationKind> = new Set(['class', 'interface', 'typeAlias', 'enum']);

/** Whether members of this kind are looked up on an object or type rather than bound in a scope. */
export function isMemberKind(kind: DeclarationKind): boolean {
  return MEMBERS.has(kind);
}

/** Whether `name` cannot, or should not, be the new name of a `kind` declaration in `language`. */
export function isReservedName(name: string, kind: DeclarationKind, language: LanguageId): boolean {
  const reserved = RESERVED[language];
  if (reserved.everywhere.has(name)) return true;
  if (MEMBERS.has(kind)) return false;
  return reserved.bindings.has(name) || (TYPES.has(kind) && reserved.types.has(name));
}
