# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "loss_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the module method self.loss_at_level is handed to scan as the body and updates a 'loss_stats' EMA per noise level
"""Consistency-training loss over a discretised noise schedule, with an adaptive per-level loss normaliser."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class ConsistencyFn(nn.Module):
    sigma_data: float = 0.5
    features: int = 64

    @nn.compact
    def __call__(self, x, sigma):
        c_skip = self.sigma_data**2 / (sigma**2 + self.sigma_data**2)
        c_out = sigma * self.sigma_data / jnp.sqrt(sigma**2 + self.sigma_data**2)
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma))], -1)
        h = nn.gelu(nn.Dense(self.features)(h))
        return c_skip * x + c_out * nn.Dense(x.shape[-1])(h)


class ConsistencyLoss(nn.Module):
    n_levels: int = 8
    decay: float = 0.99

    def setup(self):
        self.f = ConsistencyFn()
        self.norm = self.variable("loss_stats", "ema", jnp.ones, (self.n_levels,))

    def loss_at_level(self, carry, inputs):
        x, z = carry
        i, s_lo, s_hi = inputs
        online = self.f(x + s_hi * z, s_hi)
        target = jax.lax.stop_gradient(self.f(x + s_lo * z, s_lo))
        loss = jnp.mean((online - target) ** 2)
        self.norm.value = self.norm.value.at[i].set(self.decay * self.norm.value[i] + (1 - self.decay) * loss)
        return carry, loss / self.norm.value[i]

    def __call__(self, x, z):
        sigmas = jnp.geomspace(0.002, 80.0, self.n_levels + 1)
        self.f(x, sigmas[0])
        levels = (jnp.arange(self.n_levels), sigmas[:-1], sigmas[1:])
        _, losses = jax.lax.scan(self.loss_at_level, (x, z), levels)
        return losses.mean()


def main():
    model = ConsistencyLoss()
    x = jax.random.normal(jax.random.key(0), (8, 4))
    z = jax.random.normal(jax.random.key(1), (8, 4))
    variables = model.init(jax.random.key(2), x, z)
    loss_fn = partial(model.apply, {"params": variables["params"], "loss_stats": variables["loss_stats"]})
    jax.grad(lambda p: loss_fn(x, z))(variables["params"])
    return None
