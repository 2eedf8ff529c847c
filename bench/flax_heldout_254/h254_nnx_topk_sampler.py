# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 TopKSampler.sample_many runs the scan and draws from its own self.rngs stream in the body
"""Best-of-n next-token sampling with temperature and top-k from a bag-of-words prompt model."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class TopKSampler(nnx.Module):
    def __init__(self, vocab: int, dim: int, *, temperature: float, k: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, vocab, rngs=rngs)
        self.temperature = temperature
        self.k = k
        self.rngs = rngs

    def next_token_logits(self, prompt):
        return self.proj(jax.nn.relu(self.embed(prompt).mean(axis=1)))

    def sample_many(self, prompt, n: int):
        logits = self.next_token_logits(prompt) / self.temperature
        top_vals, top_idx = lax.top_k(logits, self.k)

        def draw(carry, _):
            choice = jax.random.categorical(self.rngs.sample(), top_vals, axis=-1)
            return carry, jnp.take_along_axis(top_idx, choice[:, None], axis=-1)[:, 0]

        _, tokens = lax.scan(draw, None, None, length=n)
        return tokens


def main():
    sampler = TopKSampler(24, 16, temperature=0.8, k=5, rngs=nnx.Rngs(params=0, sample=1))
    prompt = jax.random.randint(jax.random.key(2), (8, 6), 0, 24)
    return sampler.sample_many(prompt, 6)


if __name__ == "__main__":
    print(main())
