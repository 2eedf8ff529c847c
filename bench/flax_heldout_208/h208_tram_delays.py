# label: same-values
# flax-error: none
# class: 5 make_delay_sampler returns a jax.checkpoint-wrapped step that closes over the model, variables and one dropout key
"""Tram timetable robustness: Monte Carlo dropout samples of per-stop delays for one line."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class DelayNet(nn.Module):
    stops: int = 9

    @nn.compact
    def __call__(self, features, deterministic: bool = True):
        h = nn.Dense(24)(features)
        h = nn.Dropout(0.25)(nn.relu(h), deterministic=deterministic)
        return nn.softplus(nn.Dense(self.stops)(h))  # minutes late at each stop


def make_delay_sampler(model, variables, key):
    @jax.checkpoint
    def sample(features):
        return model.apply(variables, features, deterministic=False, rngs={"dropout": key})

    return sample


def sample_timetables(sampler, features, n, stops):
    def keep_going(state):
        return state[0] < n

    def body(state):
        i, buffer = state
        return i + 1, buffer.at[i].set(sampler(features))

    _, buffer = lax.while_loop(keep_going, body, (0, jnp.zeros((n, stops))))
    return buffer


def main():
    model = DelayNet()
    features = jnp.array([0.8, 0.1, 0.0, 1.0, 0.35])  # rush hour, rain, roadworks, weekday, load
    variables = model.init(jax.random.key(0), features)
    sampler = make_delay_sampler(model, variables, jax.random.key(42))
    return sample_timetables(sampler, features, n=6, stops=model.stops)
