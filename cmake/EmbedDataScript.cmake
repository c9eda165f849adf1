# Writes a C++ source holding the bytes of IN as naumachia::data::SYMBOL().
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR len "${hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
file(WRITE ${OUT}
  "// Generated from ${IN}; do not edit.\n"
  "#include <string_view>\n"
  "namespace naumachia::data {\n"
  "static const char k${SYMBOL}[] = {${bytes} 0};\n"
  "std::string_view ${SYMBOL}() { return {k${SYMBOL}, ${len}}; }\n"
  "}  // namespace naumachia::data\n")
