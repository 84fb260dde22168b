# Tri-state feature switches: AUTO (on when found), ON (fail when missing), OFF.
function(plume_feature name doc)
  set(${name} AUTO CACHE STRING "${doc}: AUTO, ON or OFF")
  set_property(CACHE ${name} PROPERTY STRINGS AUTO ON OFF)
endfunction()

function(plume_feature_check name found why)
  if(${name} STREQUAL "ON" AND NOT found)
    message(FATAL_ERROR "${name}=ON but ${why}")
  endif()
endfunction()
