# label: ok
# flax-error: none
# class: 2 the scenario key comes from a config dataclass and is folded with the fori_loop index in the body
"""Demand forecaster scenario generator: a probabilistic head draws demand noise with
make_rng("noise"); a helper fills a buffer of scenarios with jax.lax.fori_loop, folding the
scenario index into the key."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ProbHead(nn.Module):
    horizon: int = 7

    @nn.compact
    def __call__(self, feats):
        mu = nn.Dense(self.horizon)(feats)
        log_sigma = self.param("log_sigma", nn.initializers.zeros, (self.horizon,))
        eps = jax.random.normal(self.make_rng("noise"), (self.horizon,))
        return mu, jnp.exp(log_sigma) * eps


@dataclass(frozen=True)
class ScenarioConfig:
    n_scenarios: int = 6
    horizon: int = 7
    key: jax.Array = None


def draw_scenarios(model, params, feats, cfg: ScenarioConfig):
    def body(i, buf):
        _, noise = model.apply(params, feats, rngs={"noise": jax.random.fold_in(cfg.key, i)})
        return buf.at[i].set(noise)

    buf = jnp.zeros((cfg.n_scenarios, cfg.horizon))
    return lax.fori_loop(0, cfg.n_scenarios, body, buf)


def main():
    model = ProbHead()
    feats = jnp.ones((12,))
    params = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, feats)
    cfg = ScenarioConfig(key=jax.random.key(42))
    return draw_scenarios(model, params, feats, cfg)
