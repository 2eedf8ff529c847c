# label: ok
# flax-error: none
# class: 2 the sample key, drawn once from the local rngs before the loop, goes into the scan body, which folds the sample index into it
"""Sample several short continuations of one prompt (temperature + top-k) to compare them."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax as jlax

VOCAB = 15


class CausalBagLM(nnx.Module):
    def __init__(self, vocab: int, dim: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.mlp = nnx.Linear(dim, dim, rngs=rngs)
        self.unembed = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tokens):
        h = jnp.cumsum(self.embed(tokens), axis=1) / jnp.arange(1, tokens.shape[1] + 1)[:, None]
        return self.unembed(nnx.gelu(self.mlp(h)))


def top_k_filter(logits, k):
    kth = jlax.top_k(logits, k)[0][..., -1:]
    return jnp.where(logits < kth, -1e9, logits)


def generate(model, prompt, key, length, temperature=0.9, k=4):
    tokens = prompt
    for _ in range(length):
        key, sub = jax.random.split(key)
        logits = top_k_filter(model(tokens)[:, -1] / temperature, k)
        nxt = jax.random.categorical(sub, logits)
        tokens = jnp.concatenate([tokens, nxt[:, None]], axis=1)
    return tokens[:, prompt.shape[1]:]


def sample_continuations(model, prompt, num_samples, rngs):
    key = rngs.sample()

    def one_sample(carry, i):
        return carry, generate(model, prompt, jax.random.fold_in(key, i), length=3)

    _, samples = jlax.scan(one_sample, None, jnp.arange(num_samples))
    return samples


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    model = CausalBagLM(VOCAB, 16, rngs=rngs)
    prompt = jax.random.randint(jax.random.key(2), (6, 4), 0, VOCAB)
    return sample_continuations(model, prompt, 5, rngs)


if __name__ == "__main__":
    print(main())
