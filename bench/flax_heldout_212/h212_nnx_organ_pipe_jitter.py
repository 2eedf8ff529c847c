# label: same-values
# flax-error: none
# class: 5 a factory make_jitter_step draws one key from the nnx.Rngs 'jitter' stream and returns a step closing over it and the voicer; a TuningSession's fori_loop body calls the step
"""Pipe-organ voicing: the voicing model predicts how a rank of pipes speaks under small
wind-pressure jitter; a tuning session auditions the rank several times to see the spread."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PipeVoicer(nnx.Module):
    def __init__(self, pipes: int, rngs: nnx.Rngs):
        self.speech = nnx.Linear(pipes, pipes, rngs=rngs)

    def __call__(self, wind_pressure):
        return wind_pressure + 0.1 * jnp.tanh(self.speech(wind_pressure))


def make_jitter_step(voicer: PipeVoicer, rngs: nnx.Rngs, scale: float):
    key = rngs.jitter()

    def step(audition, wind_pressure):
        jitter = scale * jax.random.normal(key, wind_pressure.shape)
        return voicer(wind_pressure + jitter)

    return step


class TuningSession:
    def __init__(self, step_fn, auditions: int):
        self.step_fn = step_fn
        self.auditions = auditions

    def audition_rank(self, wind_pressure):
        def body(i, heard):
            return heard.at[i].set(self.step_fn(i, wind_pressure))

        return lax.fori_loop(0, self.auditions, body, jnp.zeros((self.auditions,) + wind_pressure.shape))


def main():
    rngs = nnx.Rngs(params=0, jitter=4)
    voicer = PipeVoicer(8, rngs)
    session = TuningSession(make_jitter_step(voicer, rngs, scale=0.02), auditions=5)
    return session.audition_rank(jnp.full((8,), 0.8))
