# label: ok
# flax-error: none
# class: 5 a factory returns functools.partial(model.apply, variables) kept on the ShadowDeployment; the scan body passes rngs={"dropout": fold_in(key, step)} for each MC-dropout sample
"""Ski lift queue wait estimates: the live model answers the request while a candidate model runs
in shadow. For the candidate the shadow deployment draws Monte-Carlo dropout samples of the same
request to log an uncertainty band next to the live answer."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class WaitEstimator(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, queue, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(queue))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[0]


def make_predictor(model, variables, stochastic=False):
    return functools.partial(model.apply, variables, deterministic=not stochastic)


@dataclasses.dataclass(frozen=True)
class ShadowConfig:
    mc_samples: int = 8


class ShadowDeployment:
    def __init__(self, live, candidate, key, config: ShadowConfig):
        self.live = live
        self.candidate = candidate
        self.key = key
        self.config = config
        self.log = []

    def handle(self, queue):
        answer = self.live(queue)

        def draw(_, step):
            return None, self.candidate(queue, rngs={"dropout": jax.random.fold_in(self.key, step)})

        _, samples = jax.lax.scan(draw, None, jnp.arange(self.config.mc_samples))
        self.log.append({"live": answer, "shadow_spread": samples.std()})
        return answer, samples


def main():
    model = WaitEstimator()
    queue = jnp.array([120.0, 4.0, 0.7, 1.0, 0.0])
    live_vars = model.init(jax.random.key(0), queue)
    shadow_vars = model.init(jax.random.key(1), queue)
    deployment = ShadowDeployment(make_predictor(model, live_vars),
                                  make_predictor(model, shadow_vars, stochastic=True),
                                  jax.random.key(42), ShadowConfig())
    _, samples = deployment.handle(queue)
    return samples
