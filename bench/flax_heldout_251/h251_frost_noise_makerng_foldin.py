# label: ok
# flax-error: none
# class: 1 FrostAugmenter.__call__ owns the 'frost' rng stream, takes one key from it before its scan and folds the night index into it in the body
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class FrostScenarioConfig:
    nights: int = 5
    sensors: int = 4
    seed: int = 7


class FrostAugmenter(nn.Module):
    sensors: int

    @nn.compact
    def __call__(self, reading, nights: int):
        log_scale = self.param("log_scale", nn.initializers.constant(-1.0), (self.sensors,))
        chill = nn.Dense(self.sensors, name="chill")(reading)
        frost_key = self.make_rng("frost")

        def night(dew_point, index):
            key = jax.random.fold_in(frost_key, index)
            jitter = jax.random.normal(key, reading.shape) * jnp.exp(log_scale)
            temperature = reading - 0.1 * jnp.tanh(chill) + jitter
            return jnp.minimum(dew_point, temperature), temperature

        _, temperatures = lax.scan(night, reading, jnp.arange(nights))
        return temperatures


class FrostScenarioGenerator:
    def __init__(self, config: FrostScenarioConfig):
        self.config = config
        self.model = FrostAugmenter(config.sensors)

    def fit(self, reading):
        rngs = {"params": jax.random.key(0), "frost": jax.random.key(1)}
        return self.model.init(rngs, reading, self.config.nights)

    def sample(self, variables, reading):
        key = jax.random.key(self.config.seed)
        return self.model.apply(variables, reading, self.config.nights, rngs={"frost": key})


def main():
    generator = FrostScenarioGenerator(FrostScenarioConfig())
    reading = jnp.array([2.0, 1.5, 0.5, 3.0])
    variables = generator.fit(reading)
    return generator.sample(variables, reading)
