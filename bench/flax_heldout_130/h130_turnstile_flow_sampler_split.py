# label: ok
# flax-error: none
# class: 3 the sampler's self.noise_key attribute is split into one key per step before the fori_loop and the body passes keys[i] as rngs={"noise": ...}
"""Stadium turnstile flow: a denoising sampler synthesises gate-by-gate entry counts for the
half hour before kick-off, used to stress-test the steward rota."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FlowDenoiser(nn.Module):
    gates: int

    @nn.compact
    def __call__(self, flow, level):
        noise = jax.random.normal(self.make_rng("noise"), flow.shape)
        h = nn.gelu(nn.Dense(24)(jnp.concatenate([flow, jnp.full((1,), level)])))
        return flow - 0.1 * nn.Dense(self.gates)(h) + level * noise, noise


class TurnstileSampler:
    def __init__(self, model, variables, seed, steps=5):
        self.model = model
        self.variables = variables
        self.noise_key = jax.random.key(seed)
        self.steps = steps

    def sample(self, gates):
        levels = jnp.linspace(1.0, 0.1, self.steps)
        keys = jax.random.split(self.noise_key, self.steps)

        def denoise(i, state):
            flow, drawn = state
            flow, noise = self.model.apply(self.variables, flow, levels[i],
                                           rngs={"noise": keys[i]})
            return flow, drawn.at[i].set(noise)

        init = (jnp.zeros(gates), jnp.zeros((self.steps, gates)))
        return jax.lax.fori_loop(0, self.steps, denoise, init)


def main():
    gates = 6
    model = FlowDenoiser(gates=gates)
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)},
                           jnp.zeros(gates), 1.0)
    sampler = TurnstileSampler(model, variables, seed=5)
    flow, drawn = sampler.sample(gates)
    print(jnp.round(flow, 2))
    return drawn
