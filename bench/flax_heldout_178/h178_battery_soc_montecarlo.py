# label: same-values
# flax-error: none
# class: 5 sample_step is jax.checkpoint(functools.partial(...)) with the noise key bound into the partial; the fori_loop body calls it
"""Battery state-of-charge estimation: Monte-Carlo draws of pack SoC under sensor-noise injection."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SocConfig:
    cells: int = 8
    draws: int = 6
    sensor_sigma: float = 0.02


class SocEstimator(nn.Module):
    sensor_sigma: float

    @nn.compact
    def __call__(self, voltages):
        noisy = voltages + self.sensor_sigma * jax.random.normal(self.make_rng("sensor"), voltages.shape)
        h = nn.tanh(nn.Dense(12)(noisy))
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


def _draw(model, variables, key, voltages):
    return model.apply(variables, voltages, rngs={"sensor": key})


def build_sampler(model, variables, seed):
    step = functools.partial(_draw, model, variables, jax.random.key(seed))
    return jax.checkpoint(step)


def main():
    config = SocConfig()
    model = SocEstimator(config.sensor_sigma)
    voltages = jnp.linspace(3.6, 4.1, config.cells)
    variables = model.init({"params": jax.random.key(0), "sensor": jax.random.key(1)}, voltages)
    sample = build_sampler(model, variables, seed=23)

    def draw(i, buffer):
        return buffer.at[i].set(sample(voltages))

    draws = jax.lax.fori_loop(0, config.draws, draw, jnp.zeros((config.draws,)))
    return draws
