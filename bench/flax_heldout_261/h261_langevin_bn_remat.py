# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step factory binds the Linen score model and its variables with functools.partial and wraps the step in jax.checkpoint before fori_loop
import functools

import flax.linen as fnn
import jax
import jax.numpy as jnp
from jax.lax import fori_loop


class ScoreMLP(fnn.Module):
    hidden: int = 32

    @fnn.compact
    def __call__(self, x, adapt: bool = False):
        h = fnn.Dense(self.hidden)(x)
        h = fnn.BatchNorm(use_running_average=not adapt, momentum=0.95)(h)
        h = fnn.swish(h)
        return fnn.Dense(x.shape[-1])(h)


def ula_update(score, x, key, step_size):
    noise = jax.random.normal(key, x.shape)
    return x + step_size * score + jnp.sqrt(2.0 * step_size) * noise


def _langevin_step(model, variables, base_key, step_size, i, x):
    score = model.apply(variables, x, adapt=True)
    return ula_update(score, x, jax.random.fold_in(base_key, i), step_size)


def make_step(model, variables, base_key, step_size=5e-3):
    step = functools.partial(_langevin_step, model, variables, base_key, step_size)
    return jax.checkpoint(step)


def sample(model, variables, x0, key, n_steps=8):
    return fori_loop(0, n_steps, make_step(model, variables, key), x0)


def main():
    model = ScoreMLP()
    x0 = jax.random.normal(jax.random.key(0), (16, 2))
    variables = model.init(jax.random.key(1), x0)
    x = sample(model, variables, x0, jax.random.key(2))
    jax.block_until_ready(x)
    return None
