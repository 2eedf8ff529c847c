# label: same-values
# flax-error: none
# class: 3 TonewoodSampler keeps model, variables and one "grain" key as attributes and passes the same key on every while_loop step
"""Violin making: stiffness samples of one spruce billet with random grain jitter."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class GrainStiffness(nn.Module):
    outputs: int = 4

    @nn.compact
    def __call__(self, density):
        stiffness = nn.Dense(self.outputs)(density)
        jitter = jax.random.uniform(self.make_rng("grain"), stiffness.shape, minval=-1.0, maxval=1.0)
        return stiffness + 0.05 * jitter


class TonewoodSampler:
    def __init__(self, model, variables, seed):
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def draw(self, billet, samples):
        def keep_going(state):
            i, _ = state
            return i < samples

        def sample(state):
            i, out = state
            stiffness = self.model.apply(self.variables, billet, rngs={"grain": self.key})
            return i + 1, out.at[i].set(stiffness)

        start = (jnp.int32(0), jnp.zeros((samples, self.model.outputs)))
        _, out = while_loop(keep_going, sample, start)
        return out


def main():
    model = GrainStiffness()
    billet = jnp.array([0.42, 0.45, 0.39])
    variables = model.init({"params": jax.random.key(0), "grain": jax.random.key(1)}, billet)
    sampler = TonewoodSampler(model, variables, seed=11)
    return sampler.draw(billet, samples=6)
