#!/usr/bin/env python3
"""Reduces a Kotlin JVM backend IR dump taken after the Compose lowerings (before the first JVM
lowering) to what composestab's anatomy of a composable states, one block per composable function
(every FUN with a $composer parameter and a key: its FunctionKeyMeta's, else its restart
group's, as in a ComposeDefaultImpls wrapper):

    fun KEY NAME
    params NAME... (the IR's value parameters, $composer and $changed/$default included)
    group CALL [KEY]          (start/end/skip group calls, in IR order)
    compare PARAM CALL(TYPE)  (changed/changedInstance calls before the skip decision)
    decide shouldExecute CONST... | decide getSkipping

Usage: irsummary.py DUMP.ir > MODULE-ir-anatomy.txt"""
import re
import sys

# A FUN may carry an origin (LOCAL_FUNCTION_FOR_LAMBDA), a VALUE_PARAMETER too
# (MASK_FOR_DEFAULT_FUNCTION).
FUN = re.compile(r'^(\s*)FUN (?:[A-Z_]+ )?name:(\S+)')
PARAM = re.compile(r'^\s*VALUE_PARAMETER (?:[A-Z_]+ )?kind:\w+ name:(\S+) ')
KEYMETA = re.compile(r'FunctionKeyMeta\(key = (-?\d+)')
GROUP = re.compile(r"CALL 'public (?:abstract|open) fun (start\w*Group|end\w*Group|startDefaults|endDefaults|startNode|startReusableNode|endNode|skipToGroupEnd|skipCurrentGroup) ")
CMP = re.compile(r"CALL 'public (?:abstract|open) fun (changed|changedInstance) \(value: ([\w.?<>]+)\): kotlin.Boolean declared in androidx.compose.runtime.Composer")
DECIDE = re.compile(r"CALL 'public abstract fun (shouldExecute|getSkipping|<get-skipping>) ")
KEYARG = re.compile(r'ARG key: CONST Int type=kotlin.Int value=(-?\d+)')
CONST = re.compile(r'CONST Int type=kotlin.Int value=(-?\d+)')
GETVAR = re.compile(r"GET_VAR '(?:val |var )?([^:' ]+): ")


def indent(s):
    return len(s) - len(s.lstrip(' '))


def subtree(lines, i):
    """The lines below lines[i] that are indented deeper."""
    n = indent(lines[i])
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or indent(lines[j]) > n):
        j += 1
    return j


def main():
    lines = open(sys.argv[1], encoding='utf-8').read().split('\n')
    pkg, classes, out = '', [], []
    i = 0
    # Names: the file's package and the enclosing classes, tracked by indentation.
    stack = []
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(\s*)(?:FILE fqName:(\S+)|CLASS \w+ name:(\S+))', line)
        if m:
            d = len(m.group(1))
            while stack and stack[-1][0] >= d:
                stack.pop()
            if m.group(2) is not None:
                pkg = '' if m.group(2) == '<root>' else m.group(2)
                stack = []
            else:
                stack.append((d, m.group(3)))
        m = FUN.match(line)
        if m and m.group(2) != '<anonymous>':
            end = subtree(lines, i)
            d = len(m.group(1))
            owners = [n for (k, n) in stack if k < d]
            block = function(lines, i, end, '.'.join([p for p in [pkg] + owners if p] + [m.group(2)]))
            if block:
                out.append(block)
        i += 1
    sys.stdout.write('\n'.join(out))


def inlined(lines, k):
    """Whether the lambda declared at lines[k] is an argument of an inline function's call: the
    JVM backend inlines its body, groups included, into the caller's."""
    n = indent(lines[k])
    for j in range(k - 1, max(k - 8, 0), -1):
        if indent(lines[j]) < n and 'FUN_EXPR' in lines[j]:
            n = indent(lines[j])
            continue
        if indent(lines[j]) < n and lines[j].lstrip().startswith('ARG '):
            n = indent(lines[j])
            continue
        if indent(lines[j]) < n:
            return lines[j].lstrip().startswith('CALL ') and '[inline]' in lines[j]
    return False


def function(lines, start, end, name):
    params, key = [], None
    body = start + 1
    for k in range(start + 1, end):
        m = PARAM.match(lines[k])
        if m and indent(lines[k]) == indent(lines[start]) + 2:
            params.append(m.group(1))
        if 'Binary compatibility stub' in lines[k]:
            return None  # a hidden JvmSynthetic bridge to the function, not a composable of its own
        m = KEYMETA.search(lines[k])
        if m and key is None:
            key = m.group(1)
        if lines[k].strip() == 'BLOCK_BODY':
            body = k
            break
    if '$composer' not in params or ' FUN FAKE_OVERRIDE ' in ' ' + lines[start].lstrip():
        return None
    rows = ['params ' + ' '.join(params)]
    decided = False
    k = body
    while k < end:
        line = lines[k]
        if FUN.match(line) and not inlined(lines, k):  # a nested function or lambda: not this body's
            k = subtree(lines, k)
            continue
        m = GROUP.search(line)
        if m:
            sub = lines[k + 1:subtree(lines, k)]
            keys = [KEYARG.search(s).group(1) for s in sub[:3] if KEYARG.search(s)]
            rows.append('group ' + m.group(1) + (' ' + keys[0] if keys else ''))
            if key is None and m.group(1) == 'startRestartGroup' and keys:
                key = keys[0]
        m = CMP.search(line)
        if m and not decided:
            sub = lines[k + 1:subtree(lines, k)]
            names = [GETVAR.search(s).group(1) for s in sub if GETVAR.search(s) and '$composer' not in s]
            if names:
                rows.append('compare %s %s(%s)' % (names[0], m.group(1), m.group(2)))
        m = DECIDE.search(line)
        if m and not decided:
            decided = True
            if m.group(1) == 'shouldExecute':
                sub = lines[k + 1:subtree(lines, k)]
                rows.append('decide shouldExecute ' + ' '.join(CONST.search(s).group(1) for s in sub if CONST.search(s)))
            else:
                rows.append('decide getSkipping')
        k += 1
    if key is None:
        return None
    return '\n'.join(['fun %s %s' % (key, name)] + rows) + '\n'


if __name__ == '__main__':
    main()
