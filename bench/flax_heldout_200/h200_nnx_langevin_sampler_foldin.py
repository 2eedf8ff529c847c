# label: ok
# flax-error: none
# class: 5 make_langevin_step (a factory) returns a fori_loop step closing over a noise key drawn once from the sampler's nnx.Rngs stream and folded with the step index
"""Langevin sampling of synthetic seismic traces from a learned score network."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ScoreNet(nnx.Module):
    def __init__(self, length: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(length, 32, rngs=rngs)
        self.out = nnx.Linear(32, length, rngs=rngs)

    def __call__(self, x):
        return self.out(jnp.tanh(self.inp(x))) - x


def make_langevin_step(score_model: ScoreNet, noise_key, step_size: float):
    def step(i, carry):
        x, noise_log = carry
        noise = jax.random.normal(jax.random.fold_in(noise_key, i), x.shape)
        x = x + step_size * score_model(x) + jnp.sqrt(2.0 * step_size) * noise
        return x, noise_log.at[i].set(noise[0])

    return step


class WaveformSampler:
    def __init__(self, model: ScoreNet, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(noise=seed)

    def sample(self, num_steps: int, num_traces: int, length: int, step_size: float = 1e-2):
        x0 = jax.random.normal(self.rngs.noise(), (num_traces, length))
        step = make_langevin_step(self.model, self.rngs.noise(), step_size)
        init = (x0, jnp.zeros((num_steps, length)))
        return lax.fori_loop(0, num_steps, step, init)


def main():
    length = 24
    sampler = WaveformSampler(ScoreNet(length, nnx.Rngs(0)), seed=21)
    traces, noise_log = sampler.sample(num_steps=6, num_traces=4, length=length)
    print("trace energy", float((traces ** 2).mean()))
    return noise_log
