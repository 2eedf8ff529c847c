# label: same-values
# flax-error: none
# class: 5 a factory make_langevin_step(model, params, key) returns the while_loop body, which closes over the key
"""Unadjusted Langevin dynamics with a Linen score network inside lax.while_loop.

Shape of the reports: the step function is built by a factory that captures the model,
its params and "the" PRNG key; the chain then runs in a while_loop and every step adds
exactly the same Gaussian kick.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(32)(x))
        h = nn.swish(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h) - x


def make_langevin_step(model, params, key, step_size):
    def step(state):
        i, x, kicks = state
        score = model.apply(params, x)
        kick = jnp.sqrt(2.0 * step_size) * jax.random.normal(key, x.shape)
        x = x + step_size * score + kick
        return i + 1, x, kicks.at[i].set(kick)
    return step


def run_chain(model, params, x0, num_steps, key):
    step = make_langevin_step(model, params, key, step_size=1e-2)
    kicks = jnp.zeros((num_steps,) + x0.shape)
    _, x, kicks = jax.lax.while_loop(lambda s: s[0] < num_steps, step, (0, x0, kicks))
    return x, kicks


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    params = model.init(jax.random.key(0), x0)
    _, kicks = run_chain(model, params, x0, num_steps=12, key=jax.random.key(7))
    return kicks
