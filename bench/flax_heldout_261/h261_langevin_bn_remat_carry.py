# label: ok
# flax-error: none
# class: 5 a step factory binds the Linen score model and its params with functools.partial and wraps the step in jax.checkpoint; batch_stats ride in the fori_loop carry
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


def _langevin_step(model, params, base_key, step_size, i, carry):
    x, batch_stats = carry
    score, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, x, adapt=True, mutable=["batch_stats"]
    )
    x = ula_update(score, x, jax.random.fold_in(base_key, i), step_size)
    return x, updates["batch_stats"]


def make_step(model, params, base_key, step_size=5e-3):
    step = functools.partial(_langevin_step, model, params, base_key, step_size)
    return jax.checkpoint(step)


def sample(model, variables, x0, key, n_steps=8):
    step = make_step(model, variables["params"], key)
    x, batch_stats = fori_loop(0, n_steps, step, (x0, variables["batch_stats"]))
    return x, {"params": variables["params"], "batch_stats": batch_stats}


def main():
    model = ScoreMLP()
    x0 = jax.random.normal(jax.random.key(0), (16, 2))
    variables = model.init(jax.random.key(1), x0)
    x, variables = sample(model, variables, x0, jax.random.key(2))
    jax.block_until_ready((x, variables))
    return None
