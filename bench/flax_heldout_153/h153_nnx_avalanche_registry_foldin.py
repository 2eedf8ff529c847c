# label: ok
# flax-error: none
# class: 5 a decorator registry maps 'stochastic_snowpack' to a step factory; the factory draws one key from the model's nnx.Rngs 'perturb' stream before the loop and the returned step folds in the member index inside the while_loop body
"""Avalanche danger nowcasting: snowpack simulators are registered by name with a decorator; the
stochastic one perturbs weak-layer strength and the forecaster draws an ensemble of stability
indices until it has enough members. Returns the stability index per member."""
import jax
import jax.numpy as jnp
from flax import nnx

STEP_REGISTRY = {}


def register_step(name):
    def decorator(factory):
        STEP_REGISTRY[name] = factory
        return factory

    return decorator


class SnowpackNet(nnx.Module):
    def __init__(self, n_layers, rngs: nnx.Rngs):
        self.layers = nnx.Linear(n_layers, n_layers, rngs=rngs)
        self.stability = nnx.Linear(n_layers, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, profile, key):
        weak_layer = 0.2 * jax.random.normal(key, profile.shape)
        return self.stability(nnx.tanh(self.layers(profile + weak_layer)))[0]


@register_step('stochastic_snowpack')
def make_stochastic_step(model, profile):
    base_key = model.rngs.perturb()

    def step(state):
        i, members = state
        return i + 1, members.at[i].set(model(profile, jax.random.fold_in(base_key, i)))

    return step


class DangerForecaster:
    def __init__(self, model, simulator='stochastic_snowpack', n_members=6):
        self.model = model
        self.simulator = simulator
        self.n_members = n_members

    def ensemble(self, profile):
        step = STEP_REGISTRY[self.simulator](self.model, profile)
        init = (0, jnp.zeros((self.n_members,)))
        _, members = jax.lax.while_loop(lambda s: s[0] < self.n_members, step, init)
        return members


def main():
    model = SnowpackNet(n_layers=5, rngs=nnx.Rngs(params=0, perturb=1))
    profile = jnp.array([0.9, 0.4, 0.1, 0.6, 0.8])
    return DangerForecaster(model).ensemble(profile)
