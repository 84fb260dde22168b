# Debian 12's ParaView 5.11 CMake package references imported targets of dependencies whose own
# CMake packages are not installed with paraview-dev. Linking ParaView::Catalyst only needs the
# targets to exist, so define empty stand-ins for the ones that are missing. Real packages that
# other parts of plume link (X11 for the GUI tests) are found first, so a stand-in never shadows them.
macro(plume_find_paraview out)
  set(${out} OFF)
  find_package(X11 QUIET)
  foreach(t NetCDF::NetCDF hdf5::hdf5 hdf5::hdf5_hl GLEW::GLEW X11::X11 Freetype::Freetype
            LibXml2::LibXml2 Boost::boost Boost::headers)
    if(NOT TARGET ${t})
      add_library(${t} INTERFACE IMPORTED)
    endif()
  endforeach()
  find_package(ParaView QUIET COMPONENTS Catalyst PythonCatalyst)
  if(ParaView_FOUND AND TARGET ParaView::Catalyst AND TARGET ParaView::PythonCatalyst)
    set(${out} ON)
  endif()
endmacro()
