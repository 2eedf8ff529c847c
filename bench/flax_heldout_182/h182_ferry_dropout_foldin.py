# label: ok
# flax-error: none
# class: 1 FerryDemandModel.sample_paths owns the Dropout submodule, draws one "mc" key before its scan and folds the draw index into it inside the body
"""Monte-Carlo-dropout passenger forecasts for a ferry operator's capacity planner."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class RouteConfig:
    routes: int = 4
    features: int = 10
    hidden: int = 24
    draws: int = 8
    keep: float = 0.7


class FerryDemandModel(nn.Module):
    cfg: RouteConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.mc_dropout = nn.Dropout(1.0 - self.cfg.keep, deterministic=False, rng_collection="mc")
        self.readout = nn.Dense(self.cfg.routes)

    def sample_paths(self, features):
        hidden = nn.tanh(self.encoder(features))
        mean_w = self.readout.variables["params"]["kernel"]
        base_key = self.make_rng("mc")

        def draw(total, index):
            dropped = self.mc_dropout(hidden, rng=jax.random.fold_in(base_key, index))
            demand = nn.softplus(dropped @ mean_w)
            return total + demand, demand

        _, demands = scan(draw, jnp.zeros((self.cfg.routes,)), jnp.arange(self.cfg.draws))
        return demands

    def __call__(self, features):
        return self.readout(nn.tanh(self.encoder(features)))


class CapacityPlanner:
    def __init__(self, cfg: RouteConfig):
        self.model = FerryDemandModel(cfg)
        self.params = self.model.init(jax.random.key(0), jnp.zeros((cfg.features,)))["params"]

    def demand_samples(self, features, seed):
        return self.model.apply({"params": self.params}, features, method="sample_paths",
                                rngs={"mc": jax.random.key(seed)})


def main():
    cfg = RouteConfig()
    planner = CapacityPlanner(cfg)
    features = jax.random.normal(jax.random.key(1), (cfg.features,))
    samples = planner.demand_samples(features, seed=42)
    print("p90 demand", jnp.quantile(samples, 0.9, axis=0))
    return samples
