# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={'dropout': key}) kept on a sampler object is called in the scan body
"""Monte-Carlo dropout forecast of hive weight gain for the apiary dashboard."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    dropout_rate: float = 0.3
    num_draws: int = 6
    seed: int = 7


class NectarFlowNet(nn.Module):
    hidden: int
    dropout_rate: float

    @nn.compact
    def __call__(self, feats, *, deterministic: bool):
        h = nn.relu(nn.Dense(self.hidden)(feats))
        h = nn.Dropout(self.dropout_rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


class McDropoutSampler:
    """A ready-to-call stochastic forward pass, built once per forecast job."""

    def __init__(self, model, variables, dropout_key):
        self._forward = functools.partial(
            model.apply, variables, deterministic=False, rngs={"dropout": dropout_key}
        )

    def draw(self, feats, step):
        del step  # the prepared forward pass already carries its dropout stream
        return self._forward(feats)


class HiveForecaster:
    def __init__(self, config: ForecastConfig):
        self.config = config
        self.model = NectarFlowNet(config.hidden, config.dropout_rate)

    def build_sampler(self, feats):
        params_key, dropout_key = jax.random.split(jax.random.key(self.config.seed))
        variables = self.model.init(params_key, feats, deterministic=True)
        return McDropoutSampler(self.model, variables, dropout_key)

    def forecast(self, sampler, feats):
        def body(carry, step):
            return carry, sampler.draw(feats, step)

        _, draws = lax.scan(body, None, jnp.arange(self.config.num_draws))
        return draws


def main():
    # temperature, humidity, forage index, colony size for five hives
    feats = jnp.linspace(0.0, 1.0, 5 * 4).reshape(5, 4)
    forecaster = HiveForecaster(ForecastConfig())
    sampler = forecaster.build_sampler(feats)
    return forecaster.forecast(sampler, feats)
