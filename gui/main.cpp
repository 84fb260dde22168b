// plume-gui: the desktop front end. See `plume-gui --help` and docs/gui.md.
#include <cstdio>
#include "app.hpp"
#include "options.hpp"

int main(int argc, char** argv) {
  plume::gui::Options o;
  if (const int rc = plume::gui::parse_options(argc, argv, o); rc >= 0) return rc;
  try {
    plume::gui::App app(o);
    return app.run();
  } catch (const plume::gui::InputError& e) {
    std::fprintf(stderr, "plume-gui: %s\n", e.what());
    return 2;
  } catch (const plume::gui::DisplayError& e) {
    std::fprintf(stderr, "plume-gui: %s\n", e.what());
    return 3;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plume-gui: %s\n", e.what());
    return 1;
  }
}
