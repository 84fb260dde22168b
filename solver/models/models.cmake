# The registered models, one line each: the model's folder (solver/models/<name>, namespace
# plume::<name>) and the Traits its generic backends are instantiated for (cmake/PlumeModel.cmake).
# Their order is plume::models()'s: the first is the default model, and --help lists them so.
include(PlumeModel)

plume_model(d2q37 TRAITS d2q37::Traits)
plume_model(d2q9 TRAITS d2q9::Traits)
plume_model(d3q19 TRAITS d3q19::Traits)
plume_model(diffusion TRAITS diffusion::Traits<2> diffusion::Traits<3>)
plume_model(thermal3d TRAITS thermal3d::Traits)

plume_model_registry()
