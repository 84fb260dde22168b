# Runs COMMAND (a list) and passes when it ends by itself within a minute with a non-zero exit
# code and its output contains EXPECT.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
message("${out}${err}")
if(NOT rc MATCHES "^[0-9]+$")
  message(FATAL_ERROR "did not end by itself: ${rc}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "exit code 0, expected a failure")
endif()
string(FIND "${out}${err}" "${EXPECT}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the output does not contain '${EXPECT}'")
endif()
