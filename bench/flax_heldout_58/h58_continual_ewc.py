# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "fisher" in "/" because collection "ewc" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 EWC Fisher accumulator variable updated inside a raw lax.scan closure over replay batches in @nn.compact; apply called without mutable
"""Continual learning with EWC: accumulate a diagonal Fisher estimate over a replay buffer."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FisherHead(nn.Module):
    n_classes: int = 5

    @nn.compact
    def __call__(self, replay_x):
        head = nn.Dense(self.n_classes)
        head(replay_x[0])
        fisher = self.variable("ewc", "fisher", lambda: jnp.zeros((replay_x.shape[-1], self.n_classes)))

        def accumulate(total_loss, xb):
            logits = head(xb)
            p = jax.nn.softmax(logits)
            g = xb[:, :, None] * (p - jax.nn.one_hot(jnp.argmax(logits, -1), self.n_classes))[:, None, :]
            fisher.value = fisher.value + jnp.mean(g ** 2, axis=0) / replay_x.shape[0]
            return total_loss + jnp.mean(-jnp.log(jnp.max(p, -1))), None

        loss, _ = jax.lax.scan(accumulate, 0.0, replay_x)
        return loss


def main():
    replay = jax.random.normal(jax.random.key(0), (4, 8, 10))
    model = FisherHead()
    variables = model.init(jax.random.key(1), replay)
    model.apply(variables, replay)
    return None
