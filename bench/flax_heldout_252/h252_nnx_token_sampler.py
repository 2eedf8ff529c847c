# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the while_loop body draws keys from self.rngs.sample(), the sampler's nnx.Rngs attribute
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class BigramLM(nnx.Module):
    def __init__(self, vocab_size, dim, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab_size, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab_size, rngs=rngs)

    def __call__(self, tokens):
        return self.head(self.embed(tokens))


@dataclasses.dataclass
class Sampler:
    model: BigramLM
    rngs: nnx.Rngs
    temperature: float = 1.0

    def candidates(self, context, num_samples):
        logits = self.model(context) / self.temperature

        def cond(state):
            i, _ = state
            return i < num_samples

        def body(state):
            i, out = state
            token = jax.random.categorical(self.rngs.sample(), logits)
            return i + 1, out.at[i].set(token)

        out = jnp.zeros((num_samples,) + context.shape, jnp.int32)
        _, out = while_loop(cond, body, (0, out))
        return out


def main():
    model = BigramLM(16, 8, rngs=nnx.Rngs(params=0))
    sampler = Sampler(model, nnx.Rngs(sample=1), temperature=2.0)
    context = jnp.array([3, 5], jnp.int32)  # the same context at every draw
    return sampler.candidates(context, num_samples=6)
