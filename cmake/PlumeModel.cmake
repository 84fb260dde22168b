# The registration of a model: plume_model(<name> TRAITS <traits>...), one line in
# solver/models/models.cmake, is all a model folder needs besides its own files.
#
# For solver/models/<name> (namespace plume::<name>, its Traits in <name>/model.hpp) it adds the
# folder's sources (its CMakeLists.txt), instantiates the generic CPU backend and, with CUDA, the
# CUDA one for each Traits named (files written into the build tree, the same code a model once
# wrote by hand), and gives the model its place in plume::models(), in the order of the calls
# (plume_model_registry writes the list that solver/models/registry.cpp reads).
function(plume_model name)
  cmake_parse_arguments(M "" "" "TRAITS" ${ARGN})
  set(dir ${PROJECT_SOURCE_DIR}/solver/models/${name})
  if(NOT M_TRAITS OR M_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "plume_model(${name}): name its Traits and nothing else: plume_model(${name} TRAITS ${name}::Traits)")
  endif()
  if(NOT EXISTS ${dir}/model.hpp OR NOT EXISTS ${dir}/CMakeLists.txt)
    message(FATAL_ERROR "plume_model(${name}): solver/models/${name} needs a model.hpp (its Traits) and a CMakeLists.txt (its sources)")
  endif()
  include(${dir}/CMakeLists.txt)

  set(out ${PROJECT_BINARY_DIR}/solver/models/${name})
  set(args "const Domain&, const AnySetup&, Precision, Streaming, int")
  set(cpu "")
  set(cuda "")
  foreach(t IN LISTS M_TRAITS)
    string(APPEND cpu "template std::unique_ptr<Backend> make_cpu_backend<${t}>(${args});\n")
    string(APPEND cuda "template std::unique_ptr<Backend> make_cuda_backend<${t}>(${args});\n")
  endforeach()
  set(head "// Written by plume_model (cmake/PlumeModel.cmake) from solver/models/models.cmake: do not edit.\n")
  file(CONFIGURE OUTPUT ${out}/backends.cpp CONTENT
       "${head}// The generic CPU backend, instantiated for the model's Traits.\n#include \"cpu/cpu_backend.hpp\"\n#include \"${name}/model.hpp\"\n\nnamespace plume {\n\n${cpu}\n}  // namespace plume\n")
  target_sources(plume_solver PRIVATE ${out}/backends.cpp)
  if(PLUME_HAVE_CUDA)
    file(CONFIGURE OUTPUT ${out}/backends_cuda.cu CONTENT
         "${head}// The generic CUDA backend, instantiated for the model's Traits.\n#include \"cuda/cuda_backend.cuh\"\n#include \"${name}/model.hpp\"\n\nnamespace plume {\n\n${cuda}\n}  // namespace plume\n")
    target_sources(plume_solver PRIVATE ${out}/backends_cuda.cu)
  endif()
  set_property(GLOBAL APPEND PROPERTY PLUME_MODELS ${name})
endfunction()

# The models' list for solver/models/registry.cpp, PLUME_MODEL(<name>) a line in the order they
# were registered; called once, after the last plume_model.
function(plume_model_registry)
  get_property(names GLOBAL PROPERTY PLUME_MODELS)
  set(lines "// Written by plume_model_registry (cmake/PlumeModel.cmake) from solver/models/models.cmake: do not edit.\n")
  foreach(n IN LISTS names)
    string(APPEND lines "PLUME_MODEL(${n})\n")
  endforeach()
  file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/solver/models/registered_models.inc CONTENT "${lines}")
  target_include_directories(plume_solver PRIVATE ${PROJECT_BINARY_DIR}/solver/models)
endfunction()
