# label: ok
# flax-error: none
# class: 4 functools.partial binds apply_fn and params positionally; the body folds the step index into one key
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class EnergyModel(nn.Module):
    @nn.compact
    def __call__(self, x):
        return jnp.sum(nn.softplus(nn.Dense(8)(x)))


def langevin_step(apply_fn, params, base_key, step_size, i, carry):
    x, history = carry
    grad = jax.grad(lambda z: apply_fn(params, z))(x)
    noise = jax.random.normal(jax.random.fold_in(base_key, i), x.shape)
    x = x - step_size * grad + jnp.sqrt(2 * step_size) * noise
    return x, history.at[i].set(noise)


def main():
    model = EnergyModel()
    x0 = jnp.zeros((2,))
    params = model.init(jax.random.key(0), x0)
    body = partial(langevin_step, model.apply, params, jax.random.key(9), 0.01)
    _, history = fori_loop(0, 5, body, (x0, jnp.zeros((5, 2))))
    return history
