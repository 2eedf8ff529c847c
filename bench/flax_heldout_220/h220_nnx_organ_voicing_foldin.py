# label: ok
# flax-error: none
# class: 4 VoicingEvaluator -> KeySampler.key, folded with the sample index, is passed as the Dropout rngs inside the while_loop body
"""Pipe organ voicing: Monte-Carlo dropout spread of the predicted pitch error for one pipe."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class VoicingModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mouth = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.cents = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pipe, *, rngs=None):
        return self.cents(self.drop(nnx.gelu(self.mouth(pipe)), rngs=rngs))[0]


class KeySampler:
    def __init__(self, seed: int):
        self.key = jax.random.key(seed)


class VoicingEvaluator:
    def __init__(self, model: VoicingModel, sampler: KeySampler, samples: int):
        self.model = model
        self.sampler = sampler
        self.samples = samples

    def spread(self, pipe):
        def more(state):
            return state[0] < self.samples

        def draw(state):
            i, cents = state
            key = jax.random.fold_in(self.sampler.key, i)
            cents = cents.at[i].set(self.model(pipe, rngs=key))
            return i + 1, cents

        _, cents = lax.while_loop(more, draw, (0, jnp.zeros(self.samples)))
        return cents


def main():
    model = VoicingModel(nnx.Rngs(params=0, dropout=1))
    model.train()
    evaluator = VoicingEvaluator(model, KeySampler(seed=31), samples=10)
    pipe = jnp.array([0.42, 1.1, 0.07, 0.3])  # scale, mouth height, languid, wind pressure
    return evaluator.spread(pipe)
