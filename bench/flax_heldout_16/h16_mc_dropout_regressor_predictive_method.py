# label: same-values
# flax-error: none
# class: 4 the Dropout inside each MLPBlock of the regressor's trunk draws its mask with make_rng in the scan body of predictive_samples() (apply method=, rngs=)
"""Monte-Carlo dropout regressor: predictive samples give an uncertainty estimate."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class RegressorConfig:
    hidden: int = 16
    depth: int = 2
    dropout: float = 0.3
    num_samples: int = 4


class MLPBlock(nn.Module):
    hidden: int
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dropout(self.rate)(x, deterministic=deterministic)


class Trunk(nn.Module):
    config: RegressorConfig

    def setup(self):
        self.blocks = [MLPBlock(self.config.hidden, self.config.dropout) for _ in range(self.config.depth)]

    def __call__(self, x, deterministic: bool):
        for block in self.blocks:
            x = block(x, deterministic)
        return x


class MCDropoutRegressor(nn.Module):
    config: RegressorConfig

    def setup(self):
        self.trunk = Trunk(self.config)
        self.head = nn.Dense(1)

    def __call__(self, x, deterministic: bool = True):
        return self.head(self.trunk(x, deterministic))

    def predictive_samples(self, x):
        def body(carry, _):
            return carry, self(x, deterministic=False)

        _, samples = jax.lax.scan(body, None, None, length=self.config.num_samples)
        return samples


def predictive_stats(model, variables, x, key):
    sample_fn = functools.partial(model.apply, method=MCDropoutRegressor.predictive_samples)
    samples = sample_fn(variables, x, rngs={"dropout": key})
    return samples, samples.mean(0), samples.std(0)


def main():
    config = RegressorConfig()
    model = MCDropoutRegressor(config)
    x = jax.random.normal(jax.random.key(0), (5, 3))
    variables = model.init(jax.random.key(1), x)
    samples, mean, std = predictive_stats(model, variables, x, jax.random.key(2))
    return samples
