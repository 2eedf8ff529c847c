# label: same-values
# flax-error: none
# class: 4 rollout() in a module-level function receives model.apply and one 'fire' key, closed over by the scan body
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
    def body(state, _):
        state, fire = apply_fn(params, state, rngs={"fire": key})
        return state, fire

    _, fires = jax.lax.scan(body, x, None, length=steps)
    return fires


def main():
    model = NCAStep()
    x = jnp.zeros((1, 16, 16, 16)).at[:, 8, 8, 3:].set(1.0)
    params = model.init({"params": jax.random.key(0), "fire": jax.random.key(1)}, x)
    fires = rollout(model.apply, params, x, jax.random.key(2), steps=6)
    return fires[:, 0]
