# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "flipped" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 fori_loop closure in @nn.compact counts flipped edges in a 'stats' variable; apply not mutable
"""Graph rewiring by iterative refinement (DIGL/SDRF-flavoured): each round adds the most
curved-looking edges; a diagnostics collection counts how many edges were flipped."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Rewirer(nn.Module):
    n_rounds: int = 3
    threshold: float = 0.7

    @nn.compact
    def __call__(self, adj, feats):
        proj = nn.Dense(8)
        flipped = self.variable("stats", "flipped", lambda: jnp.zeros((), jnp.int32))
        emb = proj(feats)

        def rewire_round(_, a):
            h = (a @ emb) / (a.sum(-1, keepdims=True) + 1.0)
            score = nn.sigmoid(h @ h.T)
            new_a = jnp.where(score > self.threshold, 1.0, a)
            if not self.is_initializing():
                flipped.value = flipped.value + jnp.sum(new_a != a).astype(jnp.int32)
            return new_a

        return lax.fori_loop(0, self.n_rounds, rewire_round, adj)


def main():
    k1, k2 = jax.random.split(jax.random.key(3))
    adj = (jax.random.uniform(k1, (7, 7)) > 0.7).astype(jnp.float32)
    feats = jax.random.normal(k2, (7, 4))
    model = Rewirer()
    variables = model.init(jax.random.key(0), adj, feats)
    out = model.apply(variables, adj, feats)
    out.block_until_ready()
    return None
