# label: same-values
# flax-error: none
# class: 5 a verifier factory closes over the target and draft models and a seed; the fori_loop body builds nnx.Rngs(seed) afresh for its acceptance draws
from flax import nnx
import jax
import jax.numpy as jnp
from jax.lax import fori_loop as fori


class TinyLM(nnx.Module):
    def __init__(self, dim, vocab, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, h):
        return self.head(nnx.tanh(self.proj(h)))


def make_verifier(target, draft, seed):
    def verify_position(i, carry):
        h, drafted, accept_u, resampled = carry
        rngs = nnx.Rngs(accept=seed)
        p = jax.nn.softmax(target(h))
        q = jax.nn.softmax(draft(h))
        tok = drafted[i]
        u = jax.random.uniform(rngs.accept())
        residual = jnp.maximum(p - q, 0.0)
        fallback = jax.random.categorical(rngs.accept(), jnp.log(residual / residual.sum() + 1e-12))
        accept_u = accept_u.at[i].set(u * q[tok] / p[tok])
        resampled = resampled.at[i].set(fallback)
        return h, drafted, accept_u, resampled

    return verify_position


def main():
    target = TinyLM(16, 24, nnx.Rngs(0))
    draft = TinyLM(16, 24, nnx.Rngs(1))
    h = jnp.full((16,), 0.2)
    drafted = jnp.array([3, 3, 3, 3, 3])
    k = drafted.shape[0]
    verify = make_verifier(target, draft, seed=11)
    init = (h, drafted, jnp.zeros((k,)), jnp.zeros((k,), jnp.int32))
    _, _, ratios, resampled = fori(0, k, verify, init)
    return {"ratio": ratios, "resampled": resampled}
