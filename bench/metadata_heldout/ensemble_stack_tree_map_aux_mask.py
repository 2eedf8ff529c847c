# label: metadata-error
# jax-error: ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()
# class: 1 stacking ensemble members with jax.tree.map(jnp.stack) when each member's aux data holds a feature-mask array
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


class Member:
    def __init__(self, weights, feature_mask):
        self.weights = weights
        self.feature_mask = feature_mask


jtu.register_pytree_node(
    Member,
    lambda m: ((m.weights,), m.feature_mask),
    lambda mask, children: Member(children[0], mask),
)


def init_member(seed):
    key = jax.random.PRNGKey(seed)
    return Member(jax.random.normal(key, (3,)), jnp.array([1.0, 1.0, 0.0]))


def main():
    members = [init_member(seed) for seed in range(3)]
    stacked = jax.tree.map(lambda *ws: jnp.stack(ws), *members)
    jax.vmap(lambda member: jnp.sum(member.weights * member.feature_mask))(stacked)
