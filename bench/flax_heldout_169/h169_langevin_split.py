# label: ok
# flax-error: none
# class: 5 a factory make_langevin_step(model, params, step_size) returns the while_loop body; the key travels in the state and is split each step
"""Unadjusted Langevin dynamics with a Linen score network inside lax.while_loop.

The working twin: the factory still captures the model and its params, but the key is
part of the loop state and is split at every step.
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


def make_langevin_step(model, params, step_size):
    def step(state):
        i, x, kicks, key = state
        key, sub = jax.random.split(key)
        score = model.apply(params, x)
        kick = jnp.sqrt(2.0 * step_size) * jax.random.normal(sub, x.shape)
        x = x + step_size * score + kick
        return i + 1, x, kicks.at[i].set(kick), key
    return step


def run_chain(model, params, x0, num_steps, key):
    step = make_langevin_step(model, params, step_size=1e-2)
    kicks = jnp.zeros((num_steps,) + x0.shape)
    _, x, kicks, _ = jax.lax.while_loop(lambda s: s[0] < num_steps, step, (0, x0, kicks, key))
    return x, kicks


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    params = model.init(jax.random.key(0), x0)
    _, kicks = run_chain(model, params, x0, num_steps=12, key=jax.random.key(7))
    return kicks
