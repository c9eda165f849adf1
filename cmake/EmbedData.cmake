# embed_data(TARGET SYMBOL FILE): compiles FILE's bytes into TARGET as
#   std::string_view naumachia::data::SYMBOL();
# Scenario data stay data files in the tree; the rules engine reads them from memory,
# so it needs no file I/O and the binaries need no install path.
set(NAUMACHIA_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/EmbedDataScript.cmake)

function(embed_data target symbol file)
  get_filename_component(abs ${file} ABSOLUTE)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DIN=${abs} -DOUT=${out} -DSYMBOL=${symbol}
            -P ${NAUMACHIA_EMBED_SCRIPT}
    DEPENDS ${abs} ${NAUMACHIA_EMBED_SCRIPT}
    COMMENT "Embedding ${file}")
  target_sources(${target} PRIVATE ${out})
endfunction()
