# label: same-values
# flax-error: none
# class: 4 ColonyMonitor.uncertainty_probe (a property) builds a probe whose McSampler applies the model with the sampler's one dropout key in every scan step
"""Monte-Carlo dropout uncertainty for beehive weight/temperature telemetry.

A colony monitor exposes an uncertainty probe that draws several stochastic forward
passes of a small denoiser over the same sensor window.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class HiveConfig:
    n_sensors: int = 8
    hidden: int = 16
    mc_samples: int = 6
    dropout_rate: float = 0.3
    seed: int = 7


class HiveDenoiser(nn.Module):
    hidden: int
    rate: float

    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.relu(nn.Dense(self.hidden)(window))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


class McSampler:
    def __init__(self, model, variables, cfg: HiveConfig):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(cfg.seed)

    def draw(self, window, index):
        return self.model.apply(self.variables, window, True, rngs={"dropout": self.key})


class UncertaintyProbe:
    def __init__(self, sampler: McSampler, n_samples: int):
        self.sampler = sampler
        self.n_samples = n_samples

    def run(self, window):
        def body(carry, index):
            return carry, self.sampler.draw(window, index)

        _, samples = lax.scan(body, None, jnp.arange(self.n_samples))
        return samples


class ColonyMonitor:
    def __init__(self, sampler: McSampler, cfg: HiveConfig):
        self.sampler = sampler
        self.cfg = cfg

    @property
    def uncertainty_probe(self) -> UncertaintyProbe:
        return UncertaintyProbe(self.sampler, self.cfg.mc_samples)


def main():
    cfg = HiveConfig()
    model = HiveDenoiser(cfg.hidden, cfg.dropout_rate)
    window = jax.random.normal(jax.random.key(1), (cfg.n_sensors,))
    variables = model.init(jax.random.key(0), window, False)
    monitor = ColonyMonitor(McSampler(model, variables, cfg), cfg)
    samples = monitor.uncertainty_probe.run(window)
    print("predictive std", float(samples.std()))
    return samples
