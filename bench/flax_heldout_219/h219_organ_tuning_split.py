# label: ok
# flax-error: none
# class: 5 a factory registered with @register_sampler("jitter") returns the fori_loop body, which closes over model.apply and the variables; the dropout key goes through the loop state and is split every iteration
"""Pipe organ tuning: a drift model predicts how far each rank of pipes wanders from pitch
during a service; a registry of samplers draws Monte Carlo drift traces."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

SAMPLERS = {}


def register_sampler(name):
    def decorate(factory):
        SAMPLERS[name] = factory
        return factory

    return decorate


class PipeDrift(nn.Module):
    n_ranks: int = 6
    rate: float = 0.4

    @nn.compact
    def __call__(self, pitch, deterministic=True):
        h = nn.gelu(nn.Dense(12, name="wind")(pitch))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(self.n_ranks, name="cents")(h)


@register_sampler("jitter")
def make_jitter_step(model, variables, pitch):
    def step(i, state):
        key, traces = state
        key, draw_key = jax.random.split(key)
        drift = model.apply(variables, pitch, deterministic=False, rngs={"dropout": draw_key})
        return key, traces.at[i].set(drift)

    return step


class TuningSession:
    def __init__(self, sampler="jitter", n_draws=5, seed=0):
        self.model = PipeDrift()
        self.sampler = sampler
        self.n_draws = n_draws
        self.init_key, self.draw_key = jax.random.split(jax.random.key(seed))

    def draws(self, pitch):
        variables = self.model.init(self.init_key, pitch)
        step = SAMPLERS[self.sampler](self.model, variables, pitch)
        traces = jnp.zeros((self.n_draws, self.model.n_ranks))
        _, traces = lax.fori_loop(0, self.n_draws, step, (self.draw_key, traces))
        return traces


def main():
    pitch = jnp.array([440.0, 441.2, 439.5, 440.3, 442.0, 438.8]) / 440.0
    return TuningSession().draws(pitch)
