# label: ok
# flax-error: none
# class: 1 SlateReranker.__call__ scans over impression rounds itself and folds the round index into the key from self.make_rng("explore")
"""Feed reranker: re-orders the same candidate slate for several impression rounds, adding
Gumbel exploration noise so that each round shows a different ordering to the user."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SlateReranker(nn.Module):
    hidden: int = 16
    temperature: float = 0.5

    def setup(self):
        self.item_tower = nn.Dense(self.hidden)
        self.user_tower = nn.Dense(self.hidden)

    def score(self, user, slate):
        return self.item_tower(slate) @ self.user_tower(user)

    def __call__(self, user, slate, rounds: int = 6):
        scores = self.score(user, slate)
        base_key = self.make_rng("explore")

        def one_round(shown, round_idx):
            key = jax.random.fold_in(base_key, round_idx)
            noise = jax.random.gumbel(key, scores.shape)
            order = jnp.argsort(-(scores / self.temperature + noise))
            return shown + 1, order

        _, orders = scan(one_round, jnp.zeros((), jnp.int32), jnp.arange(rounds))
        return orders


class RerankRequest:
    def __init__(self, user, slate):
        self.user = user
        self.slate = slate


def build_request(key, n_candidates=8, feat=5):
    ku, ks = jax.random.split(key)
    return RerankRequest(jax.random.normal(ku, (feat,)), jax.random.normal(ks, (n_candidates, feat)))


def main():
    request = build_request(jax.random.key(0))
    model = SlateReranker()
    variables = model.init(
        {"params": jax.random.key(1), "explore": jax.random.key(2)}, request.user, request.slate
    )
    orders = model.apply(variables, request.user, request.slate, rngs={"explore": jax.random.key(3)})
    return orders
