#!/usr/bin/env python3
"""Writes a C file defining `const char NAME[]` with the bytes of a text file, so that data
files ship inside the binary: python3 embed_text.py NAME INPUT OUTPUT."""
import sys

name, source, target = sys.argv[1:4]
with open(source, encoding="utf-8") as f:
    text = f.read()
with open(target, "w", encoding="utf-8") as out:
    out.write("/* Generated from %s by tools/embed_text.py. */\n" % source.split("/")[-1])
    out.write("extern const char %s[];\nconst char %s[] =\n" % (name, name))
    for line in text.splitlines(keepends=True):
        escaped = line.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        out.write('\t"%s"\n' % escaped)
    out.write("\t\"\";\n")
