# label: same-values
# flax-error: none
# class: 3 a caching mixin memoises model.bind(variables, rngs={"sample": key}); the scan body samples through the cached bound module; returns the sampled candidate ids per step
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedBindingMixin:
    """Binds the module once and reuses the bound copy for every request."""
    _bound = None

    def bound_model(self):
        if self._bound is None:
            self._bound = self.module.bind(self.variables, rngs={"sample": self.sample_key})
        return self._bound


class CandidateGenerator(nn.Module):
    num_items: int = 64
    dim: int = 8

    def setup(self):
        self.item_table = nn.Embed(self.num_items, self.dim)
        self.user_proj = nn.Dense(self.dim)

    def __call__(self, user):
        return self.user_proj(user) @ self.item_table.embedding.T

    def sample(self, user, k: int = 4):
        logits = self(user)
        gumbel = jax.random.gumbel(self.make_rng("sample"), logits.shape)
        return jax.lax.top_k(logits + gumbel, k)[1]


class RetrievalStage(CachedBindingMixin):
    def __init__(self, module, variables, seed=0):
        self.module, self.variables = module, variables
        self.sample_key = jax.random.key(seed)

    def candidates(self, user):
        return self.bound_model().sample(user)


def explore(stage: RetrievalStage, user, rounds):
    def body(seen, _):
        ids = stage.candidates(user)
        return seen.at[ids].add(1), ids

    _, ids = jax.lax.scan(body, jnp.zeros((64,), jnp.int32), None, length=rounds)
    return ids


def main():
    user = jax.random.normal(jax.random.key(1), (1, 5))
    module = CandidateGenerator()
    variables = module.init(jax.random.key(0), user)
    return explore(RetrievalStage(module, variables, seed=3), user, rounds=6)
