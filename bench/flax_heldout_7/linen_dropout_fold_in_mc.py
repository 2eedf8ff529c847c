# label: ok
# flax-error: none
# class: 4 one make_rng key drawn before the loop; the jax.remat-wrapped scan body uses jax.random.fold_in(key, i)
import jax
import jax.numpy as jnp
import flax.linen as nn


class BayesianHead(nn.Module):
    passes: int = 6
    keep: float = 0.8

    @nn.compact
    def __call__(self, feats):
        dense = nn.Dense(2)
        dense(feats)
        base_key = self.make_rng("dropout")

        def mc_pass(_, i):
            mask = jax.random.bernoulli(jax.random.fold_in(base_key, i), self.keep, feats.shape)
            return None, dense(feats * mask / self.keep)

        _, outs = jax.lax.scan(jax.remat(mc_pass), None, jnp.arange(self.passes))
        return outs


def main():
    feats = jnp.ones((4, 8))
    head = BayesianHead()
    variables = head.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, feats)
    return head.apply(variables, feats, rngs={"dropout": jax.random.PRNGKey(9)})
