/**
 * @fileoverview naming in Python (PEP 8) and Go (MixedCaps, exported by
 * case): the language defaults, their underscores, skipped names and how
 * renames keep a Go name's visibility.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { naming } from '../../../rules/naming/index.js';
import type { LanguageId } from '../../../syntax/index.js';
import { check } from '../helpers.js';

/** `line:name → suggestion (kind)` per violation. */
function renames(code: string, language: LanguageId, options: unknown = {}): string[] {
  return check(naming, code, options, language).map((v) => `${v.line}:${v.symbol} → ${v.suggestion} (${v.data['kind']})`);
}

describe('naming in Python', () => {
  it('accepts PEP 8 names, internal underscores, dunders and name-mangled attributes', () => {
    const code = [
      'MAX_SIZE = 10',
      'default_path = "x"',
      'T = TypeVar("T")',
      'class HttpClient:',
      '    retries = 3',
      '    TIMEOUT = 5',
      '    def __init__(self, base_url, _unused=None):',
      '        self.__cache = {}',
      '        __local = 1',
      '    def _send(self, request):',
      '        response_code = 200',
      '        return response_code',
      'def __getattr__(name): pass',
      'def render(class_, type_=None, _mangle_from_=True): pass',
    ].join('\n');
    assert.deepEqual(renames(code, 'python'), []);
  });

  it('flags camelCase functions, methods, variables and parameters, lower-case classes and mixed-case module names', () => {
    const code = [
      'maxSize = 10',
      'class http_client:',
      '    retryCount = 3',
      '    def sendRequest(self, baseUrl):',
      '        statusCode = 200',
      '        return statusCode',
      'def __badName(): pass',
      'loadAll = lambda paths: paths',
    ].join('\n');
    assert.deepEqual(renames(code, 'python'), [
      '1:maxSize → MAX_SIZE (module-level name)',
      '2:http_client → HttpClient (class)',
      '3:retryCount → retry_count (class attribute)',
      '4:sendRequest → send_request (method)',
      '4:baseUrl → base_url (parameter)',
      '5:statusCode → status_code (variable)',
      '7:__badName → _bad_name (function)',
      '8:loadAll → load_all (module-level name)',
    ]);
  });

  it('accepts type variables and new types wherever they are assigned, as PEP 8 names them', () => {
    const code = [
      'import typing as t',
      'from typing import NewType, ParamSpec, TypeVar, TypeVarTuple',
      'T = TypeVar("T")',
      'T_co = TypeVar("T_co", covariant=True)',
      'T_teardown = t.TypeVar("T_teardown", bound=ft.TeardownCallable)',
      'P = ParamSpec("P")',
      'Ts = TypeVarTuple("Ts")',
      'User_Id = NewType("User_Id", int)',
      'if TYPE_CHECKING:',
      '    K_contra = t.TypeVar("K_contra", contravariant=True)',
      'def f():',
      '    V_co = TypeVar("V_co", covariant=True)',
      '    return V_co',
    ].join('\n');
    assert.deepEqual(renames(code, 'python'), []);
  });

  it('still checks a value that only looks like a type variable, and module-level names inside top-level blocks', () => {
    const code = ['T_co = make_var("T_co")', 'if TYPE_CHECKING:', '    maxSize = 10', 'def f():', '    T_co = 1', '    return T_co'].join('\n');
    assert.deepEqual(renames(code, 'python'), [
      '1:T_co → T_CO (module-level name)',
      '3:maxSize → MAX_SIZE (module-level name)',
      '5:T_co → t_co (variable)',
    ]);
  });

  it('applies the configured ignore patterns too', () => {
    assert.deepEqual(renames('def getUser(): pass', 'python', { ignore: ['^get'] }), []);
  });
});

describe('naming in Go', () => {
  it('accepts MixedCaps, acronyms, exported and unexported names, blank identifiers and test names', () => {
    const code = [
      'package a',
      'const MaxSize = 10',
      'const defaultPath = "x"',
      'type httpClient struct { BaseURL string; retries int }',
      'func (c *httpClient) ServeHTTP(w Writer, r *Request) { _ = r }',
      'func parseURL(rawURL string) {}',
      'func TestParse_missingFile(t *T) {}',
    ].join('\n');
    assert.deepEqual(renames(code, 'go'), []);
  });

  it('flags underscores and keeps visibility: exported names are renamed to exported names', () => {
    const code = [
      'package a',
      'const MAX_SIZE = 10',
      'const max_retries = 3',
      'type Http_Client struct { base_url string }',
      'func Load_Config(config_path string) {}',
      'func (c *Http_Client) send_request() {}',
    ].join('\n');
    assert.deepEqual(renames(code, 'go'), [
      '2:MAX_SIZE → MaxSize (constant)',
      '3:max_retries → maxRetries (constant)',
      '4:Http_Client → HttpClient (struct type)',
      '4:base_url → baseUrl (field)',
      '5:Load_Config → LoadConfig (function)',
      '5:config_path → configPath (parameter)',
      '6:send_request → sendRequest (method)',
    ]);
  });

  it('forbids a leading underscore', () => {
    assert.deepEqual(renames('package a\nvar _cache = 1', 'go'), ['2:_cache → cache (variable)']);
  });
});
