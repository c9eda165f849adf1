# Fails when a test case name of the given doctest binaries contains ';':
# ctest's test discovery splits such a name into two tests that run nothing
# and pass, hiding the test. Names broken over several source lines are
# caught too, as the binaries list them whole.
# usage: cmake -DBINARIES="a|b" -P check_test_names.cmake
string(REPLACE "|" ";" binaries "${BINARIES}")
set(bad 0)
foreach(binary ${binaries})
  execute_process(COMMAND ${binary} --list-test-cases --no-version OUTPUT_VARIABLE out
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${binary} --list-test-cases failed (${rc})")
  endif()
  string(REPLACE ";" "<SEMICOLON>" out "${out}")
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line ${lines})
    if(line MATCHES "<SEMICOLON>" AND NOT line MATCHES "^\\[doctest\\]")
      string(REPLACE "<SEMICOLON>" "\;" shown "${line}")
      message("a test name contains a semicolon: ${shown}")
      set(bad 1)
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "rename the tests above (' / ' reads well)")
endif()
message("no test name contains a semicolon")
