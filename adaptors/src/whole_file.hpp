// Whether a file a pipeline wrote is whole, from its ends: VTK's XML writers, and the PNG and JPEG
// writers of ParaView's image extractors, report a full disk through an error code that the
// extractors do not look at, and a writer's last buffer lost when its stream is closed is not
// reported at all, so an extract can be empty or cut short with no error said. A VTK XML file
// (.vti, .pvti, .vtp, .vtm, ...) ends with </VTKFile>, a PNG with its IEND chunk, a JPEG with its
// end-of-image marker; of other formats only an empty file is known to be cut short.
#pragma once
#include <string>

namespace plume::catalyst {

// "" when `path` is whole as far as its format tells; otherwise what is wrong ("is empty", ...).
std::string not_whole(const std::string& path);

}  // namespace plume::catalyst
