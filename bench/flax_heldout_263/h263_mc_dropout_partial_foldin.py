# label: ok
# flax-error: none
# class: 5 the fori_loop body is functools.partial(_mc_pass, self.user_tower, ...) with a 'dropout' key drawn before the loop; each pass folds in its index
"""Recommendation uncertainty: Monte-Carlo dropout passes over the user tower to spread click-through scores."""
import functools
from typing import Optional

import jax
import jax.numpy as jnp
from flax import linen as ln
from jax import lax


class UserTower(ln.Module):
    dim: int = 6
    rate: float = 0.5

    def setup(self):
        self.hidden = ln.Dense(self.dim)
        self.drop = ln.Dropout(self.rate)

    def __call__(self, features, deterministic: bool = True, rng: Optional[jax.Array] = None):
        return self.drop(ln.relu(self.hidden(features)), deterministic=deterministic, rng=rng)


def _mc_pass(tower, user, items, base_key, i, buffer):
    user_vec = tower(user, deterministic=False, rng=jax.random.fold_in(base_key, i))
    return buffer.at[i].set(jax.nn.sigmoid(items @ user_vec))


class CTRUncertainty(ln.Module):
    num_items: int
    passes: int = 4

    def setup(self):
        self.user_tower = UserTower()
        self.item_table = ln.Embed(self.num_items, self.user_tower.dim)

    def point_estimate(self, user):
        return jax.nn.sigmoid(self.item_table.embedding @ self.user_tower(user))

    def __call__(self, user):
        items = self.item_table.embedding
        body = functools.partial(_mc_pass, self.user_tower, user, items, self.make_rng("dropout"))
        buffer = jnp.zeros((self.passes, self.num_items))
        return lax.fori_loop(0, self.passes, body, buffer)


def main():
    model = CTRUncertainty(num_items=5)
    user = jnp.array([1.0, 0.5, -0.3])
    variables = model.init(jax.random.key(0), user, method=CTRUncertainty.point_estimate)
    samples = model.apply(variables, user, rngs={"dropout": jax.random.key(9)})
    return samples
