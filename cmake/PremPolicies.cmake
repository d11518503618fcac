#===- PremPolicies.cmake - The arbitration policies, for CMake -----------===#
#
# Reads include/prem/Policies.def, the one list of arbitration policies (its
# header says what may be written there), so that the runtime variants
# (runtime/device/CMakeLists.txt) and prem-cc's -fprem-arbiter
# (tools/prem-cc.in) come from it. Sets:
#   PREM_ARBITERS              the policies in the list's order, then the
#                              runtime with every policy ("launch")
#   PREM_ARBITER_EVERY         that last name
#   PREM_ARBITER_<name>_ENUM   the policy's enumerator (DEVICE): the runtime
#                              is built with -DPREM_ARBITER_<ENUM>=1
#   PREM_ARBITER_<name>_AMDGPU ON when the policy is built for AMDGPU
#   PREM_ARBITERS_PY           [("none", "help"), ...] for prem-cc
#
#===----------------------------------------------------------------------===#
set(PREM_POLICIES_DEF ${CMAKE_CURRENT_LIST_DIR}/../include/prem/Policies.def)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PREM_POLICIES_DEF})
file(READ ${PREM_POLICIES_DEF} policies_text)
# Drop the comments, which name the macros too.
string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" "" policies_text
  "${policies_text}")
# Directives name the macros too, and a ';' would split a CMake list.
string(REGEX REPLACE "(^|\n)#[^\n]*" "" policies_text "${policies_text}")
string(REPLACE ";" "<semicolon>" policies_text "${policies_text}")
# A call: outside the help's string literals no ')' or '"'; inside no '"'.
string(REGEX MATCHALL "PREM_POLICY(_EVERY)?\\(([^\")]|\"[^\"]*\")*\\)"
  policy_calls "${policies_text}")

set(PREM_ARBITERS)
set(PREM_ARBITERS_PY)
foreach(call IN LISTS policy_calls)
  if(call MATCHES "^PREM_POLICY\\(([a-z]+), *([A-Z]+), *([A-Z_]+), *([A-Z_]+),(.*)\\)$")
    set(name ${CMAKE_MATCH_1})
    set(PREM_ARBITER_${name}_ENUM ${CMAKE_MATCH_2})
    if(CMAKE_MATCH_3 STREQUAL "NOT_AMDGPU")
      set(PREM_ARBITER_${name}_AMDGPU OFF)
    else()
      set(PREM_ARBITER_${name}_AMDGPU ON)
    endif()
    set(help "${CMAKE_MATCH_5}")
  elseif(call MATCHES "^PREM_POLICY_EVERY\\(([a-z]+),(.*)\\)$")
    set(name ${CMAKE_MATCH_1})
    set(PREM_ARBITER_EVERY ${name})
    set(PREM_ARBITER_${name}_AMDGPU ON)
    set(help "${CMAKE_MATCH_2}")
  else()
    message(FATAL_ERROR "${PREM_POLICIES_DEF}: cannot read '${call}'")
  endif()
  # Adjacent literals are one string; then the outer quotes go.
  string(REGEX REPLACE "\"[ \t\r\n]*\"" "" help "${help}")
  string(STRIP "${help}" help)
  string(REGEX REPLACE "^\"(.*)\"$" "\\1" help "${help}")
  list(APPEND PREM_ARBITERS ${name})
  string(REPLACE "<semicolon>" ";" help "${help}")
  string(APPEND PREM_ARBITERS_PY "(\"${name}\", \"${help}\"), ")
endforeach()
if(NOT PREM_ARBITER_EVERY)
  message(FATAL_ERROR "${PREM_POLICIES_DEF}: no PREM_POLICY_EVERY entry")
endif()
set(PREM_ARBITERS_PY "[${PREM_ARBITERS_PY}]")
