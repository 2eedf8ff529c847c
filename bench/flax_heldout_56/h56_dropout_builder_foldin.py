# label: ok
# flax-error: none
# class: 2 ModelBuilder().with_dropout().build() returns a Predictor whose lax.scan body folds the step index into the stored dropout key before apply
from dataclasses import dataclass, replace

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class MLP(nn.Module):
    hidden: int
    dropout_rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dropout(self.dropout_rate)(x, deterministic=deterministic)


@dataclass(frozen=True)
class ModelBuilder:
    hidden: int = 16
    dropout_rate: float = 0.0
    seed: int = 0

    def with_hidden(self, hidden):
        return replace(self, hidden=hidden)

    def with_dropout(self, rate):
        return replace(self, dropout_rate=rate)

    def build(self, sample_input):
        model = MLP(self.hidden, self.dropout_rate)
        params_key, dropout_key = jax.random.split(jax.random.PRNGKey(self.seed))
        variables = model.init(params_key, sample_input, deterministic=True)
        return Predictor(model, variables, dropout_key)


class Predictor:
    def __init__(self, model, variables, dropout_key):
        self.model = model
        self.variables = variables
        self.dropout_key = dropout_key

    def stochastic_forward(self, x, key):
        return self.model.apply(self.variables, x, deterministic=False, rngs={"dropout": key})

    def mc_samples(self, x, num_samples):
        def step(carry, i):
            return carry, self.stochastic_forward(x, jax.random.fold_in(self.dropout_key, i))

        _, samples = scan(step, None, jnp.arange(num_samples))
        return samples


def main():
    x = jnp.ones((2, 4))
    predictor = ModelBuilder().with_hidden(16).with_dropout(0.5).build(x)
    return predictor.mc_samples(x, 5)
