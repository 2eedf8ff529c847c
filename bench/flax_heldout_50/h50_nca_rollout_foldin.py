# label: ok
# flax-error: none
# class: 4 rollout() receives model.apply and a base key, folded in with the step index scanned as xs
"""Growing neural cellular automaton (Mordvintsev et al. style): stochastic cell updates."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NCAStep(nn.Module):
    channels: int = 16
    hidden: int = 64
    fire_rate: float = 0.5

    @nn.compact
    def __call__(self, x):
        perceived = nn.Conv(3 * self.channels, (3, 3), feature_group_count=self.channels, use_bias=False)(x)
        dx = nn.Conv(self.hidden, (1, 1))(perceived)
        dx = nn.Conv(self.channels, (1, 1), kernel_init=nn.initializers.zeros)(nn.relu(dx))
        fire = jax.random.uniform(self.make_rng("fire"), x.shape[:-1] + (1,)) <= self.fire_rate
        return x + dx * fire, fire


def rollout(apply_fn, params, x, key, steps):
    def body(state, i):
        state, fire = apply_fn(params, state, rngs={"fire": jax.random.fold_in(key, i)})
        return state, fire

    _, fires = jax.lax.scan(body, x, jnp.arange(steps))
    return fires


def main():
    model = NCAStep()
    x = jnp.zeros((1, 16, 16, 16)).at[:, 8, 8, 3:].set(1.0)
    params = model.init({"params": jax.random.key(0), "fire": jax.random.key(1)}, x)
    fires = rollout(model.apply, params, x, jax.random.key(2), steps=6)
    return fires[:, 0]
