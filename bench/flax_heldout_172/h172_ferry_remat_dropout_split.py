# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped DelayHead held by CrossingModel is called in the scan body of sample_delays; per-step dropout keys are split before the loop and scanned over
"""Ferry scheduling: samples crossing delays for one sailing from a dropout-perturbed delay head,
rematerialised to keep memory low on the long-route variant."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class CrossingConfig:
    hidden: int = 12
    dropout: float = 0.25
    n_samples: int = 5


class DelayHead(nn.Module):
    hidden: int
    rate: float

    @nn.compact
    def __call__(self, features, deterministic: bool = True, rng=None):
        h = nn.gelu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h, rng=rng)
        return nn.softplus(nn.Dense(1)(h))[0]


RematDelayHead = nn.remat(DelayHead, static_argnums=(2,))


class CrossingModel(nn.Module):
    cfg: CrossingConfig

    def setup(self):
        self.head = RematDelayHead(self.cfg.hidden, self.cfg.dropout)

    def __call__(self, features):
        return self.head(features, True)

    def sample_delays(self, features):
        keys = jax.random.split(self.make_rng("dropout"), self.cfg.n_samples)

        def draw(carry, key):
            delay = self.head(features, False, key)
            return carry, delay

        _, delays = lax.scan(draw, jnp.zeros(()), keys)
        return delays


def main():
    cfg = CrossingConfig()
    model = CrossingModel(cfg)
    sailing = jnp.array([0.3, 1.2, -0.5, 0.8, 0.0, 2.1])  # wind, swell, load, tide, hour, queue
    variables = model.init(jax.random.key(0), sailing)
    delays = model.apply(variables, sailing, method=CrossingModel.sample_delays,
                         rngs={"dropout": jax.random.key(21)})
    print("delay samples (min)", delays)
    return delays
