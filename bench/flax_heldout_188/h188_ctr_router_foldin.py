# label: ok
# flax-error: none
# class: 4 the scan body asks the estimator's router for an Endpoint whose predict folds the scan step into the endpoint's dropout key
"""Ad click-through serving: a router picks the CTR tower for each placement; when the
`ctr.mc_dropout` feature flag is on, the bidder gets Monte-Carlo dropout samples of the CTR
to estimate its uncertainty."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

FLAGS = {"ctr.mc_dropout": True, "ctr.mc_samples": 6}


class CtrTower(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, features, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(0.3, deterministic=deterministic)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class Endpoint:
    def __init__(self, name, model, variables, key):
        self.name = name
        self.model = model
        self.variables = variables
        self.key = key

    def predict(self, features, sample_index):
        return self.model.apply(
            self.variables, features, deterministic=not FLAGS["ctr.mc_dropout"],
            rngs={"dropout": jax.random.fold_in(self.key, sample_index)})


class PlacementRouter:
    def __init__(self, endpoints):
        self.endpoints = {endpoint.name: endpoint for endpoint in endpoints}

    def route(self, placement: str) -> Endpoint:
        return self.endpoints["video" if placement.startswith("video") else "display"]


class UncertaintyEstimator:
    def __init__(self, router):
        self.router = router

    def sample(self, placement, features):
        def one_sample(carry, index):
            return carry, self.router.route(placement).predict(features, index)

        _, samples = scan(one_sample, None, jnp.arange(FLAGS["ctr.mc_samples"]))
        return samples


def main():
    features = jnp.ones((4, 10))
    endpoints = []
    for seed, name in enumerate(["display", "video"]):
        model = CtrTower()
        variables = model.init(jax.random.key(seed), features, deterministic=True)
        endpoints.append(Endpoint(name, model, variables, jax.random.key(100 + seed)))
    estimator = UncertaintyEstimator(PlacementRouter(endpoints))
    return estimator.sample("video/preroll", features)
