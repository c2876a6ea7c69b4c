# Each language's name in itself, as the language switch shows it: `CODE-name` in full,
# `CODE-short` in the compact switch of the embed. Compiled into every page (the catalogues of
# the languages not shown are fetched when first shown), so the switch names every language.

en-name = English
en-short = EN
ko-name = 한국어
ko-short = 한
zh-CN-name = 简体中文
zh-CN-short = 中
