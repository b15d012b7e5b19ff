/**
 * @fileoverview Which names a rename would collide with, and a free name
 * when the converted one collides or is reserved.
 *
 * Scopes are the language's function and class nodes (the nested scopes
 * `max-function-lines` skips) and the file. A binding's rename must not be
 * a name declared in its own scope or any scope around it (the file's
 * top-level names, the enclosing functions' parameters and locals), nor one
 * declared in a scope inside it, where the renamed name is read. A member's
 * rename must not be another member of the same container or object type. Only what the
 * declaration walker sees counts: imports and globals it does not report
 * are not known here.
 */
import { languageSpec, type Declaration, type DeclarationKind, type LanguageId, type SourceFile } from '../../syntax/index.js';
import { convertName, type Format } from './formats.js';
import { isMemberKind, isReservedName } from './reserved-words.js';

/** The file itself, outside every function and class. */
const FILE_SCOPE = -1;

/** The names declared in one file, by scope. */
export class BoundNames {
  /** Names declared directly in a scope (by the scope node's index). */
  private readonly direct = new Map<number, Set<string>>();
  /** Names declared in a scope or any scope nested in it. */
  private readonly within = new Map<number, Set<string>>();
  /** Member names by container (`memberKey`). */
  private readonly members = new Map<string, Set<string>>();
  private readonly scopeTypes: ReadonlySet<string>;
  private readonly classTypes: ReadonlySet<string>;
  private readonly language: LanguageId;

  constructor(file: SourceFile, declarations: readonly Declaration[]) {
    this.scopeTypes = languageSpec(file.language).statements.nestedScopes;
    this.language = file.language;
    this.classTypes = languageSpec(file.language).units.classes;
    for (const declaration of declarations) {
      const member = this.memberKey(declaration);
      if (member !== undefined) {
        add(this.members, member, declaration.name);
        continue;
      }
      const chain = this.scopeChain(declaration);
      add(this.direct, chain[0]!, declaration.name);
      for (const scope of chain) add(this.within, scope, declaration.name);
    }
  }

  /** Whether renaming `declaration` to `name` would collide with another declared name. */
  isTaken(declaration: Declaration, name: string): boolean {
    const member = this.memberKey(declaration);
    if (member !== undefined) return this.members.get(member)?.has(name) ?? false;
    const chain = this.scopeChain(declaration);
    return this.within.get(chain[0]!)?.has(name) === true || chain.some((scope) => this.direct.get(scope)?.has(name) === true);
  }

  /**
   * The group a member's name must be unique in, undefined for a lexical
   * binding: its container within the innermost scope around it, so an
   * object type's properties inside a method (`{ TABLE_NAME: string }`) are
   * not the class's members. Python's `self.x = …` in a method is an
   * attribute of the class, with the class body's names and the methods.
   */
  private memberKey(declaration: Declaration): string | undefined {
    if (!isMemberKind(declaration.kind)) return undefined;
    const scope = this.language === 'python' && declaration.kind === 'property' ? this.classTypes : this.scopeTypes;
    return `${declaration.container ?? ''} ${innermost(declaration, scope)}`;
  }

  /** The scopes around a declaration, innermost first, ending with the file. */
  private scopeChain(declaration: Declaration): number[] {
    const chain: number[] = [];
    // From the parent (as `innermost`): a function's or class's own name belongs to the scope around it.
    for (let node = declaration.node.parent; node; node = node.parent) {
      if (this.scopeTypes.has(node.type)) chain.push(node.index);
    }
    chain.push(FILE_SCOPE);
    return chain;
  }
}

/** The index of the innermost node around a declaration whose type is one of `types`, else the file's. */
function innermost(declaration: Declaration, types: ReadonlySet<string>): number {
  for (let node = declaration.node.parent; node; node = node.parent) if (types.has(node.type)) return node.index;
  return FILE_SCOPE;
}

function add<Key>(map: Map<Key, Set<string>>, key: Key, name: string): void {
  let names = map.get(key);
  if (!names) map.set(key, (names = new Set()));
  names.add(name);
}

/** The word a colliding name is extended with, by what it names: `newFn`, `classValue`, `NoneType`. */
function kindWord(kind: DeclarationKind): string {
  switch (kind) {
    case 'function':
    case 'method':
      return 'fn';
    case 'class':
    case 'interface':
    case 'typeAlias':
    case 'enum':
      return 'type';
    default:
      return 'value';
  }
}

/**
 * `marker + body` (the body written in `format`; the marker is a kept `#` or
 * leading underscore) when it is neither reserved nor taken; else the first
 * free one of: PEP 8's trailing underscore for a Python snake_case name
 * (`class_`), the body with the kind's word (`classValue`), then that with a
 * number.
 */
export function freeName(
  marker: string,
  body: string,
  format: Format,
  declaration: Declaration,
  language: LanguageId,
  names: BoundNames,
): string {
  const usable = (name: string): boolean => !isReservedName(name, declaration.kind, language) && !names.isTaken(declaration, name);
  const word = kindWord(declaration.kind);
  const alternatives = [body];
  if (language === 'python' && format === 'snake_case') alternatives.push(`${body}_`);
  alternatives.push(convertName(`${body}_${word}`, format));
  const free = alternatives.find((alternative) => usable(marker + alternative));
  if (free !== undefined) return marker + free;
  // Digits stay with the word before, so the number ends the name in every format.
  for (let n = 2; ; n++) {
    const numbered = marker + convertName(`${body}_${word}${n}`, format);
    if (usable(numbered)) return numbered;
  }
}
