# forbid_links(TARGET LIBRARY...): configuring fails if TARGET links any of the
# LIBRARIES, directly or through the libraries it links. For the boundaries
# between the parts (a tool on the engine needs no server, the drawing needs no
# engine), so that they cannot wear away one link line at a time. Checked once
# every directory has been read, so that a later target_link_libraries is seen.

# The targets and libraries `target` links, all the way down.
function(_naumachia_links_of target out)
  set(seen "")
  set(todo ${target})
  while(todo)
    list(POP_FRONT todo item)
    # A static library keeps its private links as $<LINK_ONLY:...>.
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
    if(item IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${item})
    if(NOT TARGET ${item})
      continue()
    endif()
    get_target_property(real ${item} ALIASED_TARGET)
    if(real)
      list(APPEND todo ${real})
      continue()
    endif()
    get_target_property(type ${item} TYPE)
    get_target_property(imported ${item} IMPORTED)
    if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(direct ${item} LINK_LIBRARIES)
      if(direct)
        list(APPEND todo ${direct})
      endif()
    endif()
    get_target_property(passed_on ${item} INTERFACE_LINK_LIBRARIES)
    if(passed_on)
      list(APPEND todo ${passed_on})
    endif()
  endwhile()
  list(REMOVE_ITEM seen ${target})
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

function(_naumachia_check_links target)
  _naumachia_links_of(${target} links)
  foreach(library ${ARGN})
    if(library IN_LIST links)
      message(FATAL_ERROR "${target} must not link ${library}; it links: ${links}")
    endif()
  endforeach()
endfunction()

function(forbid_links target)
  # The deferred call's arguments are read when it runs: spell them out now.
  set(args "")
  foreach(a ${target} ${ARGN})
    string(APPEND args " \"${a}\"")
  endforeach()
  cmake_language(EVAL CODE
    "cmake_language(DEFER DIRECTORY \"${PROJECT_SOURCE_DIR}\" CALL _naumachia_check_links${args})")
endfunction()
