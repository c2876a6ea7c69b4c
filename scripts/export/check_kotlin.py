"""Parses an exported Kotlin listener with the pinned tree-sitter-kotlin; fails on any syntax
error, naming its line.

Usage: check_kotlin.py FILE.kt
"""

import sys

import tree_sitter_kotlin
from tree_sitter import Language, Parser

parser = Parser(Language(tree_sitter_kotlin.language()))
source = open(sys.argv[1], "rb").read()
tree = parser.parse(source)
errors = []
stack = [tree.root_node]
while stack:
    n = stack.pop()
    if n.type == "ERROR" or n.is_missing:
        errors.append(n.start_point[0] + 1)
    stack.extend(n.children)
if errors:
    sys.exit(f"check_kotlin.py: {sys.argv[1]} does not parse at lines {sorted(set(errors))}")
print(f"check_kotlin.py: {sys.argv[1]} parses")
