# label: ok
# flax-error: none
# class: 3 the self.head submodule samples in the scan body with a key folded from the step index into one sample key drawn before the loop
"""Draw several top-k / temperature candidates for the next token of each prompt (for reranking)."""
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


class PromptEncoder(linen.Module):
    vocab: int
    features: int = 24

    @linen.compact
    def __call__(self, tokens):
        h = linen.Embed(self.vocab, self.features)(tokens).mean(axis=1)
        h = linen.gelu(linen.Dense(self.features)(h))
        return linen.Dense(self.vocab)(h)


class TopKHead(linen.Module):
    temperature: float = 0.7
    k: int = 4

    def __call__(self, logits, key=None):
        if key is None:
            key = self.make_rng("sample")
        scaled = logits / self.temperature
        top_vals, top_idx = jax.lax.top_k(scaled, self.k)
        choice = jax.random.categorical(key, top_vals, axis=-1)
        return jnp.take_along_axis(top_idx, choice[:, None], axis=-1)[:, 0]


class CandidateSampler(linen.Module):
    vocab: int = 20

    def setup(self):
        self.lm = PromptEncoder(self.vocab)
        self.head = TopKHead()

    def __call__(self, prompts):
        return self.lm(prompts)

    def candidates(self, prompts, num_candidates: int):
        base_key = self.make_rng("sample")

        def draw(carry, i):
            logits = self.lm(prompts)
            return carry, self.head(logits, jax.random.fold_in(base_key, i))

        _, tokens = scan(draw, None, jnp.arange(num_candidates))
        return tokens


def main():
    model = CandidateSampler()
    prompts = jax.random.randint(jax.random.key(0), (8, 5), 0, 20)
    variables = model.init(jax.random.key(1), prompts)
    tokens = model.apply(
        variables, prompts, 6, method=CandidateSampler.candidates, rngs={"sample": jax.random.key(2)}
    )
    return tokens


if __name__ == "__main__":
    print(main())
