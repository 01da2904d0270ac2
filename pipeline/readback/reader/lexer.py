"""The content-stream lexer: a decoded content stream as (operands, operator) pairs of plain
values, the form the interpreter reads.

pypdf reads the file (cross-references, objects, resources, fonts), qpdf decodes the streams,
and the decoded content streams are tokenised here. Two independent parsers give the same
operations (the tests compare both with this lexer on every PDF they make):
pypdf's ContentStream builds a PdfObject per token (0.94 s for the 18,301 operations of a
24-page interior); qpdf's tokeniser (pikepdf.parse_content_stream) is quicker on its own,
but its operands are pikepdf objects, and turning them into the plain values the
interpreter reads costs more than this lexer takes: on a 206-page book (393,710
operations) 1.9 CPU s here against 2.4 s for pikepdf with the operators alone converted and
3.8 s with every operand (docs/readback.md gives the command).
"""

from __future__ import annotations

import re

_TOKEN = re.compile(
    rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*"  # white space and comments before a token
    rb"(?:(?P<number>[+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])"
    rb"|(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)"
    rb"|(?P<open_dict><<)|(?P<close_dict>>>)"
    rb"|(?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)"
    rb"|(?P<open_array>\[)|(?P<close_array>\])"
    rb"|(?P<string>\()"
    rb"|(?P<keyword>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)"
    rb"|(?P<other>.))", re.S)
# A run of plain operations, matched in one pass, then split into tokens (`_split_run`): most
# of a page's operations are such runs, and the token loop below costs more per token.
_WS = rb"[\x00\t\n\x0c\r ]"
_NUMBER = rb"[+-]?(?:\d+\.?\d*|\.\d+)"
_OPERATOR = (rb"(?!(?:BI|true|false|null)(?![^\x00\t\n\x0c\r ()<>\[\]{}/%]))"
             rb"[A-Za-z'\"][A-Za-z0-9*'\"]*(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])")
# A token ends at a delimiter, white space or the end: no backtracking into a shorter token.
_ENDS = rb"(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])"
_NAME = rb"/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*"
_STRING = rb"\((?:[^()\\]|\\.)*\)"  # no unescaped parenthesis inside: no nesting
# The operands a run may hold: numbers, names, strings and flat arrays of numbers and strings
# (a TJ array). Anything else (dictionaries, hex strings, nested strings or arrays, comments,
# true/false/null, inline images) ends the run and goes through the token loop below.
_OPERAND = (rb"(?:" + _NUMBER + _ENDS + rb"|" + _NAME + _ENDS + rb"|" + _STRING
            + rb"|\[" + _WS + rb"*(?:(?:" + _NUMBER + _ENDS + rb"|" + _STRING + rb")" + _WS
            + rb"*)*\])")
_SIMPLE_RUN = re.compile(rb"(?:" + _WS + rb"*(?:" + _OPERAND + _WS + rb"*)*" + _OPERATOR + rb")+",
                         re.S)
# The tokens of such a run, in order (a run is checked whole before it is split).
_RUN_TOKEN = re.compile(_NAME + rb"|" + _STRING + rb"|[\[\]]|[^\x00\t\n\x0c\r ()<>\[\]{}/%]+",
                        re.S)
_NUMBER_START = frozenset(b"+-.0123456789")
# What stops a run being split at white space: a string or an array (their tokens are not
# words), NUL (PDF white space that bytes.split keeps) and vertical tab (white space to
# bytes.split, a regular character to PDF).
_PLAIN_SPLIT = re.compile(rb"[(\[\x00\x0b]").search
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b",
            ord("f"): b"\f", ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
_IMAGE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")


def literal_string(data: bytes, i: int) -> tuple[bytes, int]:
    """The string starting after the '(' at `i`; returns its bytes and the index after ')'."""
    out = bytearray()
    depth = 1
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x5C:  # backslash
            i += 1
            if i >= n:
                break
            c = data[i]
            if c in _ESCAPES:
                out += _ESCAPES[c]
                i += 1
            elif 0x30 <= c <= 0x37:
                j = i
                while j < n and j < i + 3 and 0x30 <= data[j] <= 0x37:
                    j += 1
                out.append(int(data[i:j], 8) & 0xFF)
                i = j
            elif c in (0x0D, 0x0A):  # a line continuation
                i += 2 if c == 0x0D and i + 1 < n and data[i + 1] == 0x0A else 1
            else:
                out.append(c)
                i += 1
            continue
        if c == 0x28:
            depth += 1
        elif c == 0x29:
            depth -= 1
            if depth == 0:
                return bytes(out), i + 1
        out.append(c)
        i += 1
    return bytes(out), n


def name_text(raw: bytes) -> str:
    return "/" + _NAME_ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), raw[1:]).decode(
        "latin-1")


def _split_run(tokens: list[bytes], operands: list, operations: list, names: dict) -> list:
    """Append the operations of a run's tokens (`_SIMPLE_RUN`) to `operations`; operands read
    before the run come first. Each token is told by its first byte: the run's pattern has
    already checked it whole. Numbers are floats (every handler converts what it needs), in
    an array as the token loop reads them (int or float). Returns the (empty) operand list
    left after the run's last operator."""
    append = operations.append
    top = operands
    for token in tokens:
        first = token[0]
        if first in _NUMBER_START:
            if top is operands:
                operands.append(float(token))
            else:
                top.append(float(token) if b"." in token else int(token))
        elif first == 0x2F:  # /Name: a page names the same few resources again and again
            name = names.get(token)
            if name is None:
                name = names[token] = name_text(token)
            top.append(name)
        elif first == 0x28:  # (string)
            top.append(literal_string(token, 1)[0] if b"\\" in token else token[1:-1])
        elif first == 0x5B:  # [
            top = []
            operands.append(top)
        elif first == 0x5D:  # ]
            top = operands
        else:
            append((operands, token))
            operands = top = []
    return operands


def content_operations(data: bytes) -> list[tuple[list, bytes]]:
    """The (operands, operator) pairs of a decoded content stream.

    Operands: int or float, str for names (with the slash), bytes for strings, lists for
    arrays, dicts for dictionaries, True/False/None; inline images come as
    ({"settings": {...}, "data": bytes}, b"INLINE IMAGE")."""
    operations: list[tuple[list, bytes]] = []
    stack: list[list] = [[]]  # operands, then one list per open array or dictionary
    kinds: list[str] = []
    i, n = 0, len(data)
    match = _TOKEN.match
    simple_run = _SIMPLE_RUN.match
    tokens = _RUN_TOKEN.findall
    names: dict[bytes, str] = {}
    while i < n:
        if len(stack) == 1:
            m = simple_run(data, i)
            if m is not None:
                run = m.group()
                # Without strings or arrays, a run's tokens are its words (bytes.split, in C,
                # splits at the same white space, less NUL, which `_PLAIN_SPLIT` rules out).
                stack = [_split_run(run.split() if _PLAIN_SPLIT(run) is None else tokens(run),
                                    stack[0], operations, names)]
                i = m.end()
                continue
        m = match(data, i)
        if m is None:  # only white space or a comment is left
            break
        kind = m.lastgroup
        i = m.end()
        top = stack[-1]
        if kind == "number":
            text = m.group(kind)
            top.append(float(text) if b"." in text else int(text))
        elif kind == "name":
            top.append(name_text(m.group(kind)))
        elif kind == "string":
            value, i = literal_string(data, i)
            top.append(value)
        elif kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", m.group(kind)[1:-1])
            if len(digits) % 2:
                digits += b"0"
            top.append(bytes.fromhex(digits.decode("ascii")))
        elif kind in ("open_array", "open_dict"):
            stack.append([])
            kinds.append(kind)
        elif kind in ("close_array", "close_dict"):
            if len(stack) == 1:
                continue
            items = stack.pop()
            opened = kinds.pop()
            if opened == "open_dict":
                stack[-1].append({items[k]: items[k + 1] for k in range(0, len(items) - 1, 2)})
            else:
                stack[-1].append(items)
        elif kind == "keyword":
            word = m.group(kind)
            if word == b"true":
                top.append(True)
            elif word == b"false":
                top.append(False)
            elif word == b"null":
                top.append(None)
            elif len(stack) > 1:
                top.append(word)  # a stray keyword inside an array: keep it as an operand
            elif word == b"BI":
                settings: list = []
                while i < n:
                    m = match(data, i)
                    if m is None:
                        i = n
                        break
                    i = m.end()
                    if m.lastgroup == "keyword" and m.group("keyword") == b"ID":
                        break
                    if m.lastgroup == "name":
                        settings.append(name_text(m.group("name")))
                    elif m.lastgroup == "number":
                        text = m.group("number")
                        settings.append(float(text) if b"." in text else int(text))
                    elif m.lastgroup == "keyword":
                        settings.append(m.group("keyword").decode("latin-1"))
                    elif m.lastgroup == "open_array":  # e.g. /D [1 0]: kept as text
                        j = data.index(b"]", i)
                        settings.append(data[i:j].decode("latin-1"))
                        i = j + 1
                start = i + 1 if i < n and data[i] in b"\x00\t\n\x0c\r " else i
                end = _IMAGE_END.search(data, start)
                stop = end.start() if end else n
                operations.append(({"settings": {settings[k]: settings[k + 1]
                                                 for k in range(0, len(settings) - 1, 2)},
                                    "data": data[start:stop]}, b"INLINE IMAGE"))
                i = end.end() if end else n
                stack = [[]]
            else:
                operations.append((top, word))
                stack = [[]]
    return operations

