# label: ok
# flax-error: none
# class: 4 an Evaluator holds an InferenceContext (model, variables, dropout key); the context key is split once per sample before the fori_loop and the body indexes the split keys
"""Cheese moisture grading with Monte-Carlo dropout: draw several stochastic forward passes of the
moisture regressor and report the spread as the grading uncertainty. Returns the sample matrix."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class MoistureRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)[..., 0]


@dataclasses.dataclass
class InferenceContext:
    model: nn.Module
    variables: dict
    dropout_key: jax.Array

    def predict(self, x, key):
        return self.model.apply(self.variables, x, deterministic=False, rngs={"dropout": key})


class Evaluator:
    def __init__(self, ctx: InferenceContext, n_samples: int = 8):
        self.ctx = ctx
        self.n_samples = n_samples

    def mc_samples(self, wheels):
        keys = jax.random.split(self.ctx.dropout_key, self.n_samples)

        def draw(i, buf):
            return buf.at[i].set(self.ctx.predict(wheels, keys[i]))

        buf = jnp.zeros((self.n_samples, wheels.shape[0]))
        return fori_loop(0, self.n_samples, draw, buf)


def main():
    wheels = jax.random.normal(jax.random.key(0), (4, 10))  # 4 wheels, 10 probe readings
    model = MoistureRegressor()
    variables = model.init(jax.random.key(1), wheels)
    evaluator = Evaluator(InferenceContext(model, variables, jax.random.key(42)))
    samples = evaluator.mc_samples(wheels)
    return samples
