# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "recent" in "/" because collection "velocity" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local variables of score_batch go straight into the fori_loop body, which applies the model without mutable while it counts card velocity
"""Card-fraud scoring: a velocity feature counts recent transactions while the model scores them."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class VelocityScorer(nn.Module):
    @nn.compact
    def __call__(self, txn):
        velocity = self.variable("velocity", "recent", lambda: jnp.zeros(()))
        velocity.value = 0.8 * velocity.value + 1.0
        features = jnp.concatenate([txn, velocity.value[None]])
        return nn.sigmoid(nn.Dense(1)(features))[0]


def score_batch(model, txns, seed=0):
    variables = model.init(jax.random.key(seed), txns[0])

    def body(i, scores):
        score = model.apply(variables, txns[i])
        return scores.at[i].set(score)

    return jax.lax.fori_loop(0, txns.shape[0], body, jnp.zeros(txns.shape[0]))


def main():
    txns = jax.random.normal(jax.random.key(3), (9, 4))
    score_batch(VelocityScorer(), txns).block_until_ready()
    return None
